/**
 * The collection offer handlers undo exactly: each (CollectionOfferMade, CollectionOfferAccepted,
 * CollectionOfferCancelled) applied to a live book and undone as a reorg undoes it (the undo record stored as JSON
 * through its schema) leaves the tables as they were; and a reorg that orphans a mined accept restores the offer,
 * the accept's hold, the pieces (back with the creator, unminted), the trade and the history, after which the same
 * signed accept settles as if the first had never been. Run on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import { OfferState } from '@att/shared';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../schema';
import { tableRows } from '../table-rows';
import type { HistoryLog } from '../../history-writer';
import { HANDLERS } from '../../indexer/events';
import { encodeUndo, type Args, type LogContext } from '../../indexer/handler';
import { undoLogs } from '../../indexer/undo-logs';
import {
  COLLECTION_OFFER_EVENTS,
  collectionAcceptReq,
  collectionOf,
  collectionOfferReq,
  collectionOfferRow,
  makeCollectionOffer,
  sendCollectionAccept,
  type CollectionAcceptData,
  type CollectionOfferData,
} from '../collection-offer-helpers';
import { TOKEN, alice, bob, c, indexer, setUpChain } from '../trading-fixture';

setUpChain();

async function tables(db: Kysely<Database>) {
  const rows = tableRows(db);
  return {
    offers: await rows('collection_offers', ['offer_idx']),
    accepts: await rows('collection_offer_accepts', ['accept_id']),
    inventory: (await rows('inventory', ['item_idx', 'holder_address'])).filter(
      (r) => !(r.amount === '0' && r.on_sale === '0' && r.reserved === '0'),
    ),
    items: await rows('items', ['item_idx']),
    history: await rows('trade_history', ['history_idx']),
    alerts: (await rows('alerts', ['alert_id'], ['dispatched_at', 'dispatch_seq', 'mail_pending', 'mailed_at'])).filter(
      (a) => a.retracted_at === null && a.retracts === null,
    ),
  };
}

describe('collection offer events undo exactly', () => {
  it('each handler, applied then undone as a reorg does, leaves the tables as they were', async () => {
    const { collectionIdx, items } = await collectionOf(c, alice, [4]);
    const pending = (await collectionOfferReq(c, bob, collectionIdx, { amount: 2, price: TOKEN })).body
      .data as CollectionOfferData;
    const valid = await makeCollectionOffer(c, bob, collectionIdx, { amount: 3, price: TOKEN });
    await indexer.catchUp();
    const open = (await collectionAcceptReq(c, alice, valid, items[0]!.productId, 2)).body.data as CollectionAcceptData;
    const cases: { event: (typeof COLLECTION_OFFER_EVENTS)[number]; args: Args }[] = [
      {
        event: 'CollectionOfferMade',
        args: { offerId: pending.offerIdx, buyer: bob.address, criteria: pending.offer.criteria, amount: '2' },
      },
      {
        event: 'CollectionOfferAccepted',
        args: {
          acceptId: open.acceptId,
          offerId: valid,
          seller: alice.address,
          itemId: items[0]!.tokenId,
          amount: '2',
          mintAmount: '2',
          price: String(2n * TOKEN),
          fee: String(TOKEN / 20n),
          royalty: String(TOKEN / 10n),
        },
      },
      { event: 'CollectionOfferCancelled', args: { offerId: valid, amount: '3', refund: String(3n * TOKEN) } },
    ];
    expect(cases.map((k) => k.event)).toEqual([...COLLECTION_OFFER_EVENTS]);
    for (const [i, k] of cases.entries()) {
      const db = c.t.db;
      const log: HistoryLog = {
        chainId: c.t.config.chainId,
        txHash: `0x${(i + 1).toString(16).padStart(64, 'c')}`,
        logIndex: 0,
        blockNumber: 20_000_000n + BigInt(i),
        blockHash: `0x${'b'.repeat(64)}`,
        blockTime: new Date(),
      };
      const chain = c.t.app.trading.chain;
      const context = (trx: LogContext['trx'], l: HistoryLog, extra: Partial<LogContext> = {}): LogContext => ({
        trx,
        log: l,
        marketAddress: c.d.market.toLowerCase(),
        symbolOf: chain.symbolOf,
        ...extra,
      });
      const before = await tables(db);
      const handler = HANDLERS[k.event]!;
      const stored = await db.transaction().execute(async (trx) => {
        const undo = await handler.apply(context(trx, log), k.args);
        return undo === undefined ? undefined : encodeUndo(handler, undo);
      });
      expect(await tables(db), `${k.event}: the apply changed nothing`).not.toEqual(before);
      await db.transaction().execute(async (trx) => {
        const args = { ...k.args, _order: '0', ...(stored === undefined ? {} : { _undo: stored }) };
        await undoLogs(trx, [{ event: k.event, args, log }], (l, extra) => context(trx, l, extra), {
          ...log,
          txHash: '',
          logIndex: 0,
        });
      });
      expect(await tables(db), `${k.event}: undone`).toEqual(before);
    }
  });

  it('a reorg that orphans an accept restores the book exactly; the same accept can be sent again', async () => {
    const { collectionIdx, items } = await collectionOf(c, alice, [3]);
    const id = await makeCollectionOffer(c, bob, collectionIdx, { amount: 3, price: 2n * TOKEN });
    await indexer.catchUp();
    const d = (await collectionAcceptReq(c, alice, id, items[0]!.productId, 2)).body.data as CollectionAcceptData;
    const before = await tables(c.t.db);
    expect(await collectionOfferRow(c, id)).toMatchObject({ state: OfferState.Valid, remaining: 3, reserved: 2 });
    const snapshot = await c.rpc<string>('evm_snapshot');
    await sendCollectionAccept(c, alice, d);
    await indexer.catchUp();
    expect(await collectionOfferRow(c, id)).toMatchObject({ remaining: 1, reserved: 0 });
    await c.rpc('evm_revert', [snapshot]);
    await c.rpc('evm_mine');
    await c.rpc('evm_mine');
    for (let i = 0; i < 3; i++) await indexer.step();
    expect(await tables(c.t.db)).toEqual(before);
    await sendCollectionAccept(c, alice, d);
    await indexer.catchUp();
    expect(await collectionOfferRow(c, id)).toMatchObject({ state: OfferState.Valid, remaining: 1, reserved: 0 });
  });
});
