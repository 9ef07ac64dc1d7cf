/**
 * The API of the member's alert list: newest first, retracted alerts left out, only the member's
 * own, paged; the unread count; `/alert/read` up to an alert or all; hostile bodies and tickets get their codes.
 */
import { AlertType, ReturnCode } from '@att/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loggedIn, type TestApp } from '../../../../test/helper';
import { enqueueAlert, retractAlertsOf } from '..';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ deps: { autoStartJobs: false } });
});
afterAll(async () => t?.close());

describe('/alert/list and /alert/read', () => {
  it("lists the member's alerts newest first with the unread count, and marks them read", async () => {
    const a = await loggedIn(t);
    const b = await loggedIn(t);
    const address = a.wallet.address.toLowerCase();
    const source = { chainId: 31337, txHash: `0x${'cd'.repeat(32)}`, logIndex: 3 };
    await t.db.transaction().execute(async (trx) => {
      await enqueueAlert(trx, { address, type: AlertType.ItemSold, productIdx: 901 });
      await enqueueAlert(trx, { address, type: AlertType.Bid, productIdx: 902, source });
      await enqueueAlert(trx, { address, type: AlertType.OfferAccepted, productIdx: 903 });
      await enqueueAlert(trx, { address, type: AlertType.InquiryAnswered, inquiryIdx: 77 });
      await enqueueAlert(trx, { address: b.wallet.address, type: AlertType.Bid, productIdx: 904 });
      // A reorg undid the bid: it is not in the list.
      await retractAlertsOf(trx, source);
    });
    const list = await t.post('/alert/list', a.auth);
    expect(list.returnCode).toBe(0);
    const rows = list.body.list as {
      alertIdx: string;
      type: number;
      productIdx: number | null;
      inquiryIdx: number | null;
      itemName: string | null;
      read: number;
      createDate: string;
    }[];
    expect(rows.map((r) => [r.type, r.productIdx, r.inquiryIdx, r.read])).toEqual([
      [AlertType.InquiryAnswered, null, 77, 0],
      [AlertType.OfferAccepted, 903, null, 0],
      [AlertType.ItemSold, 901, null, 0],
    ]);
    expect(rows[0]!.createDate).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(list.body).toMatchObject({ unreadCount: 3, page: { totalRecordSize: 3, pageNo: 1, pageCount: 1 } });

    const page2 = await t.post('/alert/list', { ...a.auth, pageNo: 2, pageSize: 2 });
    expect((page2.body.list as { alertIdx: string }[]).map((r) => r.alertIdx)).toEqual([rows[2]!.alertIdx]);
    expect(page2.body.page).toEqual({ totalRecordSize: 3, pageNo: 2, pageCount: 2 });

    // The member opens one alert from the list: that one is read, the others are not.
    const one = await t.post('/alert/read', { ...a.auth, alertIdx: rows[1]!.alertIdx });
    expect(one).toMatchObject({ returnCode: 0, body: { unreadCount: 2 } });
    expect(((await t.post('/alert/list', a.auth)).body.list as { read: number }[]).map((r) => r.read)).toEqual([
      0, 1, 0,
    ]);
    // Another member's alert id marks nothing of theirs.
    expect((await t.post('/alert/read', { ...b.auth, alertIdx: rows[0]!.alertIdx })).body.unreadCount).toBe(1);
    expect((await t.post('/alert/list', a.auth)).body.unreadCount).toBe(2);
    // Read up to the offer alert: the two older are read, the newest is not.
    const read = await t.post('/alert/read', { ...a.auth, upTo: rows[1]!.alertIdx });
    expect(read).toMatchObject({ returnCode: 0, body: { unreadCount: 1 } });
    const after = (await t.post('/alert/list', a.auth)).body;
    expect((after.list as { read: number }[]).map((r) => r.read)).toEqual([0, 1, 1]);
    expect(after.unreadCount).toBe(1);
    // B's list is B's: reading all of A's did not touch it.
    expect((await t.post('/alert/read', a.auth)).body.unreadCount).toBe(0);
    const bList = (await t.post('/alert/list', b.auth)).body;
    expect(bList).toMatchObject({ unreadCount: 1, page: { totalRecordSize: 1 } });
  });

  it('answers hostile bodies and tickets with their codes', async () => {
    const a = await loggedIn(t);
    const b = await loggedIn(t);
    const cases: [string, unknown, number][] = [
      ['/alert/list', { id: a.auth.id }, ReturnCode.NoTicket],
      ['/alert/list', { ...a.auth, ticketId: b.auth.ticketId }, ReturnCode.TicketValidationFailed],
      ['/alert/list', { ...a.auth, pageSize: 101 }, ReturnCode.ValidationFailed],
      ['/alert/list', { ...a.auth, pageNo: 0 }, ReturnCode.ValidationFailed],
      ['/alert/read', { ...a.auth, upTo: '0' }, ReturnCode.ValidationFailed],
      ['/alert/read', { ...a.auth, upTo: 12 }, ReturnCode.ValidationFailed],
      ['/alert/read', { ...a.auth, upTo: '1; DROP TABLE alerts' }, ReturnCode.ValidationFailed],
      ['/alert/read', { ...a.auth, upTo: '9'.repeat(19) }, ReturnCode.ValidationFailed],
      ['/alert/read', { id: a.auth.id }, ReturnCode.NoTicket],
    ];
    for (const [path, body, code] of cases)
      expect((await t.post(path, body)).returnCode, `${path} ${JSON.stringify(body)}`).toBe(code);
    expect((await t.post('/alert/read', { ...a.auth, upTo: null })).returnCode).toBe(0);
  });
});
