/**
 * `npm run check-chain`: compares the database with the chain and lists every difference, one line each, without
 * changing anything. The chain's state is read directly where the contracts answer it (Items `editionOf` minted
 * counts and `balanceOfBatch` for every holder the logs or the database name; the Market's `filledOf` for every
 * signed listing and `counterOf` for their sellers, `getAuction` for every registered auction, `getOffer` for every
 * valid offer); what only the logs tell (which reservation a Buy settled,
 * which permit was used, the chain's history rows) comes from the logs read from the deployment block. Up to the
 * confirmed head; a cursor behind it is reported too (the rest is then not yet indexed, not drift).
 */
import { itemsAbi, marketAbi } from '@att/contracts';
import { AuctionState, HistoryEvent, ListingState, OfferState, PermitState, ReservationState } from '@att/shared';
import { sql } from 'kysely';
import { numberToHex, type Hex } from 'viem';
import type { Db } from '../../schema';
import { claimsRepository } from '../indexer/claims-repository';
import { logDecoder, type DecodedLog } from '../indexer/log-decoder';
import type { ReindexOptions } from './reindex';

const ZERO = '0x0000000000000000000000000000000000000000';
const decode = logDecoder(
  [...marketAbi, ...itemsAbi],
  new Set([
    'NftBought',
    'ListingCancelled',
    'TransferredWithMint',
    'TransferSingle',
    'TransferBatch',
    'AuctionRegistered',
    'AuctionEnded',
    'OfferMade',
    'OfferAccepted',
  ]),
);

interface Log {
  tx: string;
  logIndex: number;
  d: DecodedLog;
}

async function readLogs(o: ReindexOptions, to: number): Promise<Log[]> {
  const logs: Log[] = [];
  for (let from = o.startBlock; from <= to; from += 2000) {
    const raw = (await o.chain.client.request({
      method: 'eth_getLogs',
      params: [
        {
          address: [o.chain.market as Hex, o.chain.items as Hex],
          fromBlock: numberToHex(from),
          toBlock: numberToHex(Math.min(from + 1999, to)),
        },
      ],
    })) as { address: string; topics: Hex[]; data: Hex; transactionHash: string; logIndex: Hex; removed?: boolean }[];
    for (const r of raw) {
      const d = !r.removed && decode(r);
      if (d) logs.push({ tx: r.transactionHash.toLowerCase(), logIndex: Number(r.logIndex), d });
    }
  }
  return logs;
}

/** Every difference between the database and the chain (empty: none). */
export async function checkChain(o: ReindexOptions): Promise<string[]> {
  const { client, market, items: itemsAddress } = o.chain;
  const head = Number(await client.getBlockNumber({ cacheTime: 0 })) - o.confirmations;
  const diffs: string[] = [];
  const cursor = await claimsRepository(o.db, o.chainId).cursor();
  if (!cursor || Number(cursor.block_number) < head)
    diffs.push(`indexer: cursor at ${cursor?.block_number ?? 'none'}, the confirmed head is ${head} (not indexed yet)`);
  const logs = await readLogs(o, head);
  const read = <T>(
    address: string,
    abi: typeof itemsAbi | typeof marketAbi,
    functionName: string,
    args: readonly unknown[],
  ) => client.readContract({ address: address as Hex, abi, functionName, args } as never) as Promise<T>;

  // Pieces: minted counts and every holder's balance, against items and inventory.
  const items = await itemRows(o.db);
  const byToken = new Map(items.map((i) => [i.token_id, i]));
  const holders = new Map<string, Set<string>>();
  const holder = (token: string, a: string) => {
    if (a === ZERO || !byToken.has(token)) return;
    if (!holders.has(token)) holders.set(token, new Set());
    holders.get(token)!.add(a);
  };
  for (const l of logs) {
    if (l.d.eventName === 'TransferSingle') holder(l.d.args.id!, l.d.args.to!);
    if (l.d.eventName === 'TransferBatch') for (const id of l.d.args.ids!.split(',')) holder(id, l.d.args.to!);
  }
  const inventory = await o.db.selectFrom('inventory').select(['item_idx', 'holder_address', 'amount']).execute();
  const held = new Map(inventory.map((r) => [`${r.item_idx}:${r.holder_address}`, r.amount]));
  for (const r of inventory) {
    const token = items.find((i) => i.item_idx === r.item_idx)?.token_id;
    if (token) holder(token, r.holder_address);
  }
  for (const item of items) {
    const [, , minted] = await read<readonly [bigint, bigint, bigint]>(itemsAddress, itemsAbi, 'editionOf', [
      BigInt(item.token_id),
    ]);
    if (Number(minted) !== item.minted_supply)
      diffs.push(`item ${item.item_idx}: minted_supply ${item.minted_supply}, chain minted ${minted}`);
    const accounts = [...(holders.get(item.token_id) ?? [])];
    const balances =
      accounts.length === 0
        ? []
        : await read<readonly bigint[]>(itemsAddress, itemsAbi, 'balanceOfBatch', [
            accounts,
            accounts.map(() => BigInt(item.token_id)),
          ]);
    const creator = item.creator.toLowerCase();
    if (!accounts.includes(creator)) accounts.push(creator);
    for (const [k, a] of accounts.entries()) {
      const unminted = a === creator ? item.total_supply - Number(minted) : 0;
      const want = Number(balances[k] ?? 0n) + unminted;
      const have = held.get(`${item.item_idx}:${a}`) ?? 0;
      if (want !== have)
        diffs.push(
          `inventory item ${item.item_idx} holder ${a}: ${have} pieces, chain ${want}${unminted ? ` (${unminted} unminted)` : ''}`,
        );
    }
  }

  // Listings: filled amounts and on-chain ends; the sales' trade counts.
  const cancelled = new Set(logs.filter((l) => l.d.eventName === 'ListingCancelled').map((l) => l.d.args.listingHash!));
  const buys = logs.filter((l) => l.d.eventName === 'NftBought');
  const listings = await o.db
    .selectFrom('listings')
    .select(['listing_idx', 'listing_hash', 'quantity', 'remaining', 'state', 'seller_address', 'counter'])
    .where('listing_hash', 'is not', null)
    .execute();
  const counters = new Map<string, bigint>();
  for (const l of listings) {
    const hash = l.listing_hash!;
    const filled = Number(await read<bigint>(market, marketAbi, 'filledOf', [hash]));
    if (l.remaining !== l.quantity - filled)
      diffs.push(`listing ${l.listing_idx}: remaining ${l.remaining}, chain filled ${filled} of ${l.quantity}`);
    if (!counters.has(l.seller_address))
      counters.set(l.seller_address, await read<bigint>(market, marketAbi, 'counterOf', [l.seller_address]));
    const endedOnChain = cancelled.has(hash) || counters.get(l.seller_address)! > BigInt(l.counter ?? '0');
    if (l.state === ListingState.Live && filled >= l.quantity)
      diffs.push(`listing ${l.listing_idx}: live, chain sold out`);
    if (l.state === ListingState.Live && endedOnChain)
      diffs.push(`listing ${l.listing_idx}: live, chain cancelled (cancelListing or counter)`);
    if (l.state === ListingState.SoldOut && filled < l.quantity)
      diffs.push(`listing ${l.listing_idx}: sold out, chain filled ${filled} of ${l.quantity}`);
  }
  // An item's sales: its fills, its auctions won (not those ended without a bid) and its offers accepted.
  const auctionItem = new Map(
    logs.filter((l) => l.d.eventName === 'AuctionRegistered').map((l) => [l.d.args.auctionId!, l.d.args.itemId!]),
  );
  const offerItem = new Map(
    logs.filter((l) => l.d.eventName === 'OfferMade').map((l) => [l.d.args.offerId!, l.d.args.itemId!]),
  );
  const soldItems = [
    ...buys.map((b) => b.d.args.itemId!),
    ...logs
      .filter((l) => l.d.eventName === 'AuctionEnded' && l.d.args.winner !== ZERO)
      .map((l) => auctionItem.get(l.d.args.auctionId!)),
    ...logs.filter((l) => l.d.eventName === 'OfferAccepted').map((l) => offerItem.get(l.d.args.offerId!)),
  ];
  const tradeCount = new Map<string, number>();
  for (const itemId of soldItems) if (itemId !== undefined) tradeCount.set(itemId, (tradeCount.get(itemId) ?? 0) + 1);
  for (const item of items) {
    const n = tradeCount.get(item.token_id) ?? 0;
    if (n !== item.trade_count) diffs.push(`item ${item.item_idx}: trade_count ${item.trade_count}, chain ${n} sales`);
  }

  // Auctions: the state and the top (or winning) bid the Market has; valid offers: the pieces they still buy.
  const auctions = await o.db
    .selectFrom('auctions')
    .select(['auction_id', 'state', sql<string | null>`top_bid::text`.as('top_bid')])
    .where('state', 'in', [AuctionState.Active, AuctionState.Cancelled, AuctionState.Ended, AuctionState.Voided])
    .execute();
  for (const a of auctions) {
    const chain = await read<{ status: number; topBid: bigint }>(market, marketAbi, 'getAuction', [
      BigInt(a.auction_id),
    ]);
    if (chain.status !== a.state) diffs.push(`auction ${a.auction_id}: state ${a.state}, chain status ${chain.status}`);
    if (BigInt(a.top_bid ?? 0) !== chain.topBid)
      diffs.push(`auction ${a.auction_id}: top bid ${a.top_bid ?? 0}, chain ${chain.topBid}`);
  }
  const offers = await o.db
    .selectFrom('offers')
    .select(['offer_idx', 'remaining'])
    .where('state', '=', OfferState.Valid)
    .execute();
  for (const offer of offers) {
    const chain = await read<{ remaining: bigint }>(market, marketAbi, 'getOffer', [BigInt(offer.offer_idx)]);
    if (BigInt(offer.remaining) !== chain.remaining)
      diffs.push(`offer ${offer.offer_idx}: remaining ${offer.remaining}, chain ${chain.remaining}`);
  }

  // Reservations and permits: settled or used exactly when the chain says so.
  const settled = new Map(buys.map((b) => [b.d.args.id!, b.tx]));
  const reservations = await o.db.selectFrom('reservations').select(['reservation_id', 'state', 'tx_hash']).execute();
  for (const r of reservations) {
    const tx = settled.get(String(r.reservation_id));
    if (tx && (r.state !== ReservationState.Settled || r.tx_hash !== tx))
      diffs.push(`reservation ${r.reservation_id}: state ${r.state}, chain bought in ${tx}`);
    if (!tx && r.state === ReservationState.Settled)
      diffs.push(`reservation ${r.reservation_id}: settled, no Buy on chain`);
  }
  const used = new Set(logs.filter((l) => l.d.eventName === 'TransferredWithMint').map((l) => l.d.args.id!));
  const permits = await o.db.selectFrom('transfer_permits').select(['transfer_id', 'state']).execute();
  for (const p of permits) {
    const u = used.has(String(p.transfer_id));
    if (u !== (p.state === PermitState.Used))
      diffs.push(`transfer permit ${p.transfer_id}: state ${p.state}, chain ${u ? 'used' : 'not used'}`);
  }

  diffs.push(...(await historyDifferences(o.db, o.chainId, logs, market)));
  return diffs;
}

async function itemRows(db: Db) {
  return db
    .selectFrom('items as i')
    .innerJoin('members as m', 'm.member_idx', 'i.creator_idx')
    .select(['i.item_idx', 'i.token_id', 'i.total_supply', 'i.minted_supply', 'i.trade_count', 'm.address as creator'])
    .execute();
}

/** The chain's history rows the logs call for (sales, mints, wallet transfers, permit transfers) against the table. */
async function historyDifferences(db: Db, chainId: number, logs: Log[], market: string): Promise<string[]> {
  const want = new Set<string>();
  const key = (l: Log, event: number) => `${l.tx}:${l.logIndex}:${event}`;
  const sales = new Set([HistoryEvent.Sale, HistoryEvent.LazyMintSale] as number[]);
  for (const l of logs) {
    const a = l.d.args;
    if (l.d.eventName === 'TransferredWithMint') want.add(key(l, HistoryEvent.Transfer));
    if (l.d.eventName === 'TransferSingle' || l.d.eventName === 'TransferBatch') {
      if (a.from === ZERO) want.add(key(l, HistoryEvent.Mint));
      else if (a.operator !== market.toLowerCase())
        want.add(key(l, a.to === ZERO ? HistoryEvent.Burn : HistoryEvent.Transfer));
    }
  }
  const rows = await db
    .selectFrom('trade_history')
    .select(['tx_hash', 'log_index', 'event_type'])
    .where('chain_id', '=', chainId)
    .where('tx_hash', 'is not', null)
    .execute();
  const have = new Map<string, number>();
  const saleRows = new Set<string>();
  for (const r of rows) {
    const k = `${r.tx_hash}:${r.log_index}:${r.event_type}`;
    have.set(k, (have.get(k) ?? 0) + 1);
    if (sales.has(r.event_type)) saleRows.add(`${r.tx_hash}:${r.log_index}`);
  }
  const diffs: string[] = [];
  for (const k of want) if (!have.has(k)) diffs.push(`history: no row for chain event ${k} (tx:log:event)`);
  for (const l of logs)
    if (l.d.eventName === 'NftBought' && !saleRows.has(`${l.tx}:${l.logIndex}`))
      diffs.push(`history: no sale row for NftBought ${l.tx}:${l.logIndex}`);
  const counted = new Set([HistoryEvent.Mint, HistoryEvent.Transfer, HistoryEvent.Burn] as number[]);
  for (const r of rows) {
    const k = `${r.tx_hash}:${r.log_index}:${r.event_type}`;
    if (counted.has(r.event_type) && !want.has(k)) diffs.push(`history: row ${k} has no such chain event`);
  }
  return diffs;
}
