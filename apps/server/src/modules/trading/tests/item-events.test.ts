/**
 * Items' public events on the alert socket, from the history writer: a socket, signed in or not, watches items with
 * `{watch: [productIdx]}`; a transaction that writes (or, for a reorg, deletes) an item's trade history tells every
 * socket watching that item at its commit, on every instance, and never after a rollback.
 */
import type { AddressInfo } from 'node:net';
import { ALERT_SOCKET_PATH, HistoryEvent, ITEM_EVENT } from '@att/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { buildTestApp, loggedIn, type TestApp } from '../../../../test/helper';
import { deleteHistoryOf, writeHistory, type HistoryLog } from '../history-writer';

let t: TestApp;
let url: string;
let collection: number;
let items: number[];
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${ALERT_SOCKET_PATH}`;
  const m = await loggedIn(t);
  const member = await t.db
    .selectFrom('members')
    .select('member_idx')
    .where('address', '=', m.wallet.address.toLowerCase())
    .executeTakeFirstOrThrow();
  collection = (
    await sql<{ idx: number }>`INSERT INTO collections (member_idx, name, royalty_bps, logo_file)
    VALUES (${member.member_idx}, 'Watched', 500, 'logo0000.png') RETURNING collection_idx AS idx`.execute(t.db)
  ).rows[0]!.idx;
  items = [];
  for (let i = 0; i < 3; i++) {
    const r = await sql<{
      idx: number;
    }>`INSERT INTO items (token_id, collection_idx, creator_idx, name, category_idx, resource_type, file_format, file_name, total_supply, royalty_bps)
      VALUES (${9_000_000 + i}, ${collection}, ${member.member_idx}, ${`watched ${i}`}, 1, 1, 'png', 'file0000.png', 1, 500) RETURNING item_idx AS idx`.execute(
      t.db,
    );
    items.push(r.rows[0]!.idx);
  }
});
afterAll(async () => t?.close());

/** A client that queues every message. */
async function connect(to = url) {
  const ws = new WebSocket(to);
  const got: unknown[] = [];
  ws.on('message', (d) => got.push(JSON.parse(String(d))));
  await new Promise<void>((resolve, reject) => ws.once('open', () => resolve()).once('error', reject));
  /** Waits for the n-th message (the condition is the test; the bound only names a failure on a loaded machine). */
  const wait = async (n: number) => {
    await vi.waitUntil(() => got.length >= n, { timeout: 20_000, interval: 10 });
    return got;
  };
  return { ws, got, wait };
}

const event = (productIdx: number) => ({ event: ITEM_EVENT, status: 0, data: { productIdx } });
/** A listing of the item in the order book's history (the use cases write this row when a member lists). */
const listed = (db: TestApp['db'], item: number) =>
  writeHistory(db, {
    event: HistoryEvent.List,
    item: { item_idx: item, collection_idx: collection },
    amount: 1,
    unitPrice: 10n ** 18n,
    symbol: 'ATT',
  });

describe("items' public events", () => {
  it('a socket without a channel hears the events of the items it watches, at commit, and of no other', async () => {
    const [one, two] = items as [number, number];
    const a = await connect();
    const b = await connect();
    a.ws.send(JSON.stringify({ watch: [one] }));
    b.ws.send(JSON.stringify({ watch: [two] }));
    expect(await a.wait(1)).toEqual([{ status: 0 }]);
    expect(await b.wait(1)).toEqual([{ status: 0 }]);

    await t.db.transaction().execute((trx) => listed(trx, one));
    expect((await a.wait(2))[1]).toEqual(event(one));
    // B heard nothing of item one: its next message is item two's event.
    await t.db.transaction().execute((trx) => listed(trx, two));
    expect((await b.wait(2))[1]).toEqual(event(two));
    expect(b.got).toHaveLength(2);

    // Two rows of one item in one transaction: one event.
    await t.db.transaction().execute(async (trx) => {
      await listed(trx, one);
      await listed(trx, one);
    });
    expect((await a.wait(3))[2]).toEqual(event(one));

    // Watching is replaced as a whole: A now watches item two only; [] stops.
    a.ws.send(JSON.stringify({ watch: [two] }));
    expect((await a.wait(4))[3]).toEqual({ status: 0 });
    await listed(t.db, one);
    await listed(t.db, two);
    expect((await a.wait(5))[4]).toEqual(event(two));
    expect(a.got).toHaveLength(5);
    a.ws.send(JSON.stringify({ watch: [] }));
    await a.wait(6);
    await vi.waitUntil(() => t.app.alerts.watcherCount(two) === 1);
    b.ws.close();
    await vi.waitUntil(() => t.app.alerts.watcherCount(two) === 0);
    a.ws.close();
  });

  it('a rolled-back transaction tells nothing; a reorg that deletes a chain row tells its item', async () => {
    const [one, two, three] = items as [number, number, number];
    const a = await connect();
    a.ws.send(JSON.stringify({ watch: [one, two, three] }));
    await a.wait(1);
    await t.db
      .transaction()
      .execute(async (trx) => {
        await listed(trx, one);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    const log: HistoryLog = {
      chainId: 31337,
      blockNumber: 7n,
      blockHash: '0x' + '7'.repeat(64),
      txHash: '0x' + 'e'.repeat(64),
      logIndex: 0,
    };
    await t.db
      .transaction()
      .execute((trx) =>
        writeHistory(
          trx,
          { event: HistoryEvent.Transfer, item: { item_idx: three, collection_idx: collection }, amount: 1 },
          log,
        ),
      );
    // The rollback told nothing: the next message is the committed row's item.
    expect((await a.wait(2))[1]).toEqual(event(three));
    // The same chain row again (a replay) writes nothing and tells nothing; the reorg's delete tells the item.
    await t.db
      .transaction()
      .execute((trx) =>
        writeHistory(
          trx,
          { event: HistoryEvent.Transfer, item: { item_idx: three, collection_idx: collection }, amount: 1 },
          log,
        ),
      );
    await t.db.transaction().execute((trx) => deleteHistoryOf(trx, log));
    expect((await a.wait(3))[2]).toEqual(event(three));
    await listed(t.db, two);
    expect((await a.wait(4))[3]).toEqual(event(two));
    expect(a.got).toHaveLength(4);
    a.ws.close();
  });

  it('answers a malformed watch with status 3 and stays open; a signed-in socket watches too', async () => {
    const a = await connect();
    for (const bad of [
      { watch: Array.from({ length: 11 }, (_, i) => i + 1) },
      { watch: ['1'] },
      { watch: [0] },
      { watch: 5 },
      { watch: [1], extra: true },
    ])
      a.ws.send(JSON.stringify(bad));
    expect(await a.wait(5)).toEqual(Array.from({ length: 5 }, () => ({ status: 3 })));
    a.ws.send(' ');
    expect((await a.wait(6))[5]).toEqual({ status: -3 });
    a.ws.close();

    const m = await loggedIn(t);
    const s = await connect();
    s.ws.send(JSON.stringify({ channel: m.wallet.account.address, id: m.auth.id, ticket: m.auth.ticketId }));
    expect(await s.wait(1)).toEqual([{ status: 0 }]);
    s.ws.send(JSON.stringify({ watch: [items[0]] }));
    await s.wait(2);
    await listed(t.db, items[0]!);
    expect((await s.wait(3))[2]).toEqual(event(items[0]!));
    s.ws.close();
  });

  it('an event committed through one instance reaches a socket held by another on the same database', async () => {
    const other = await buildTestApp({ deps: { db: t.db } });
    try {
      await other.app.listen({ port: 0, host: '127.0.0.1' });
      const c = await connect(`ws://127.0.0.1:${(other.app.server.address() as AddressInfo).port}${ALERT_SOCKET_PATH}`);
      c.ws.send(JSON.stringify({ watch: [items[1]] }));
      await c.wait(1);
      // Written through the first instance's database handle, as its indexer or a use case would.
      await t.db.transaction().execute((trx) => listed(trx, items[1]!));
      expect((await c.wait(2))[1]).toEqual(event(items[1]!));
      c.ws.close();
    } finally {
      await other.close();
    }
  });
});
