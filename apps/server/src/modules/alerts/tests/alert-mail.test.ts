/**
 * Alerts by e-mail. A member with flagEmail on gets each alert's mail in their language (the
 * item's name and page, an unsubscribe link, RFC 8058's one-click headers); flagEmail off or a retracted alert sends
 * none; a mail server that fails delays the mails and loses none; the unsubscribe link's page changes nothing until
 * its button is pressed, which turns flagEmail off without a sign-in; an unknown token gets 404.
 */
import { AlertType } from '@att/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, newWallet, registerMember, signedBody, type TestApp } from '../../../../test/helper';
import { enqueueAlert, retractAlertsOf } from '..';
import { alertMail } from '../alert-mail';

let t: TestApp;
let failing = 0;
beforeAll(async () => {
  // The mail job runs only when the test says (runNow), so each run's outcome is the test's to count.
  t = await buildTestApp({ deps: { autoStartJobs: false } });
  // The mail server: the capture of the test app, which fails while `failing` counts down (an outage).
  const send = t.app.mailer.send.bind(t.app.mailer);
  t.app.mailer.send = async (mail) => {
    if (failing > 0) {
      failing--;
      throw new Error('connect ECONNREFUSED 127.0.0.1:25');
    }
    return send(mail);
  };
});
afterAll(async () => t?.close());

async function member(lang: 'ko' | 'en', flagEmail: 0 | 1) {
  const m = await registerMember(t, newWallet(), { lang });
  const r = await t.post('/ticket/request', await signedBody(t, m.wallet));
  const auth = r.body.data as { id: string; ticketId: string };
  const flags = {
    flagItemSell: 1,
    flagBid: 1,
    flagAcceptOffer: 1,
    flagExpiredSell: 1,
    flagOverOffer: 1,
    flagMinOffer: 1,
    minOfferPriceKlay: '0',
    minOfferPriceAtt: '0',
  };
  expect((await t.post('/user/alarm/update', { ...auth, ...flags, flagEmail })).returnCode).toBe(0);
  return { ...m, address: m.wallet.address.toLowerCase(), auth };
}

const alertMails = () => t.mails.filter((m) => m.meta?.template?.startsWith('alert-'));
const runMailJob = () => t.app.jobs.runNow('alerts.mail');
const pending = async () =>
  (await t.db.selectFrom('alerts').select('alert_id').where('mail_pending', '=', true).execute()).length;

describe('alert mails', () => {
  it('go to members with flagEmail on, in their language, with the item page and an unsubscribe link', async () => {
    const ko = await member('ko', 1);
    const en = await member('en', 1);
    const off = await member('en', 0);
    const before = alertMails().length;
    await t.db.transaction().execute(async (trx) => {
      await enqueueAlert(trx, { address: ko.address, type: AlertType.ItemSold, productIdx: 4242 });
      await enqueueAlert(trx, { address: en.address, type: AlertType.OverOffer, productIdx: 4243 });
      await enqueueAlert(trx, { address: off.address, type: AlertType.Bid, productIdx: 4244 });
    });
    await runMailJob();
    const mails = alertMails().slice(before);
    expect(mails.map((m) => [m.to, m.subject, m.meta?.template])).toEqual([
      [ko.email, '[ATT NFT 마켓] 등록하신 아이템이 판매되었습니다.', 'alert-item-sold'],
      [en.email, '[ATT NFT Market] A higher offer has outbid your offer.', 'alert-over-offer'],
    ]);
    expect(mails[0]!.text).toContain(`${ko.id}님,`);
    expect(mails[0]!.text).toContain('http://localhost:8080/NftInfo/4242');
    expect(mails[1]!.html).toContain('href="http://localhost:8080/NftInfo/4243"');
    const unsubscribe = mails[1]!.meta!.unsubscribe!;
    expect(unsubscribe).toMatch(/^http:\/\/localhost:8080\/attnftmarket\/mail\/unsubscribe\?token=[A-Za-z0-9_-]{43}$/);
    expect(mails[1]!.headers).toEqual({
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(await pending()).toBe(0);
    // Sent once: a second run sends nothing.
    await runMailJob();
    expect(alertMails().length).toBe(before + 2);
  });

  it('a retracted alert, or a member who turned mail off meanwhile, gets no mail', async () => {
    const a = await member('ko', 1);
    const b = await member('ko', 1);
    const source = { chainId: 31337, txHash: `0x${'ab'.repeat(32)}`, logIndex: 7 };
    await t.db.transaction().execute(async (trx) => {
      await enqueueAlert(trx, { address: a.address, type: AlertType.Bid, productIdx: 1, source });
      await enqueueAlert(trx, { address: b.address, type: AlertType.Bid, productIdx: 1 });
      await retractAlertsOf(trx, source);
    });
    await t.db.updateTable('members').set({ flag_email: 0 }).where('address', '=', b.address).execute();
    const before = alertMails().length;
    await runMailJob();
    expect(alertMails().length).toBe(before);
    expect(await pending()).toBe(0);
  });

  it('a reorg that undoes a mailed alert mails a correction in the language of the member; an unmailed one none', async () => {
    const ko = await member('ko', 1);
    const en = await member('en', 1);
    const source = (logIndex: number) => ({ chainId: 31337, txHash: `0x${'cd'.repeat(32)}`, logIndex });
    await t.db.transaction().execute(async (trx) => {
      await enqueueAlert(trx, { address: ko.address, type: AlertType.ItemSold, productIdx: 31, source: source(1) });
      await enqueueAlert(trx, {
        address: en.address,
        type: AlertType.OfferAccepted,
        productIdx: 32,
        source: source(2),
      });
    });
    // Both are sent on the site; Ko's mail goes out, En's is still to be sent when the reorg comes.
    await t.app.jobs.runNow('alerts.dispatch');
    const before = alertMails().length;
    await t.db.updateTable('alerts').set({ mail_pending: false }).where('address', '=', en.address).execute();
    await runMailJob();
    await t.db.updateTable('alerts').set({ mail_pending: true }).where('address', '=', en.address).execute();
    expect(
      alertMails()
        .slice(before)
        .map((m) => m.to),
    ).toEqual([ko.email]);
    await t.db.transaction().execute(async (trx) => {
      await retractAlertsOf(trx, source(1));
      await retractAlertsOf(trx, source(2));
    });
    await runMailJob();
    const mails = alertMails().slice(before + 1);
    expect(mails.map((m) => [m.to, m.subject, m.meta?.template, m.meta?.page])).toEqual([
      [
        ko.email,
        '[ATT NFT 마켓] 앞서 보내 드린 알림을 취소합니다. 블록체인에서 해당 거래가 되돌려졌습니다.',
        'alert-correction',
        'http://localhost:8080/NftInfo/31',
      ],
    ]);
    expect(await pending()).toBe(0);
  });

  it('a mail server outage delays the mails and loses none', async () => {
    const a = await member('en', 1);
    await t.db.transaction().execute(async (trx) => {
      for (const p of [11, 12, 13])
        await enqueueAlert(trx, {
          address: a.address,
          type: AlertType.MinOffer,
          productIdx: p,
          offer: { symbol: 'ATT', unitPrice: 1n },
        });
    });
    const before = alertMails().length;
    failing = 2;
    await runMailJob();
    await runMailJob();
    expect(alertMails().length).toBe(before);
    expect(await pending()).toBe(3);
    await runMailJob();
    expect(
      alertMails()
        .slice(before)
        .map((m) => m.meta?.page),
    ).toEqual([11, 12, 13].map((p) => `http://localhost:8080/NftInfo/${p}`));
    expect(await pending()).toBe(0);
  });

  it('the unsubscribe link asks first, then turns flagEmail off without a sign-in', async () => {
    const a = await member('en', 1);
    await t.db
      .transaction()
      .execute(async (trx) => enqueueAlert(trx, { address: a.address, type: AlertType.SaleExpired, productIdx: 5 }));
    await runMailJob();
    const link = new URL(alertMails().at(-1)!.meta!.unsubscribe!);
    const flagEmail = async () => ((await t.post('/user/info', a.auth)).body.data as { flagEmail: number }).flagEmail;

    const page = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('Turn e-mail alerts off');
    expect(page.body).toContain(`<form method="post" action="${link.pathname}${link.search}">`);
    expect(await flagEmail()).toBe(1);

    // The mail client's one-click POST (RFC 8058) or the page's button.
    const done = await t.app.inject({
      method: 'POST',
      url: link.pathname + link.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('E-mail alerts are off.');
    expect(await flagEmail()).toBe(0);
    // The next alert comes on the site only.
    const before = alertMails().length;
    await t.db
      .transaction()
      .execute(async (trx) => enqueueAlert(trx, { address: a.address, type: AlertType.SaleExpired, productIdx: 6 }));
    await runMailJob();
    expect(alertMails().length).toBe(before);

    for (const url of [`${link.pathname}?token=${'x'.repeat(43)}`, `${link.pathname}?token=<script>`, link.pathname]) {
      for (const method of ['GET', 'POST'] as const) {
        const r = await t.app.inject({ method, url });
        expect(r.statusCode, `${method} ${url}`).toBe(404);
        expect(r.body).toContain('유효하지 않은 링크입니다.');
      }
    }
  });
});

describe('the floor alert mail', () => {
  const floorMove = {
    collectionIdx: 7,
    collectionName: 'Moon',
    symbol: 'ATT',
    from: '10',
    to: '8',
    percent: 10,
  } as const;
  const mail = (lang: 'ko' | 'en') =>
    alertMail({
      to: 'a@example.com',
      lang,
      userName: 'kim',
      type: AlertType.FloorMove,
      productIdx: null,
      itemName: null,
      floorMove: { ...floorMove, from: (10n ** 19n).toString(), to: (8n * 10n ** 18n).toString() },
      publicOrigin: 'https://market.test',
      unsubscribeToken: 'tok',
    });
  it('names the collection, the move and links to the collection, in both languages', () => {
    const ko = mail('ko');
    expect(ko.meta).toMatchObject({ template: 'alert-floor-move', page: 'https://market.test/Collection/7' });
    expect(ko.text).toContain('컬렉션: Moon');
    expect(ko.text).toContain('바닥가: 10 ATT → 8 ATT (-20.0%)');
    expect(ko.subject).toContain('바닥가');
    const en = mail('en');
    expect(en.text).toContain('Collection: Moon');
    expect(en.text).toContain('Floor: 10 ATT → 8 ATT (-20.0%)');
    expect(en.text).toContain('View collection: https://market.test/Collection/7');
  });
});
