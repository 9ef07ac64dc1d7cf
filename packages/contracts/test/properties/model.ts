/**
 * Model-based stateful testing of the Market against anvil (fast-check commands): the model.
 * It mirrors item balances (the platform's Items and a pausable outside collection), seller-signed listings
 * (fills, cancels by hash and by counter), auctions with their bid books (live bids, then the losing bids still
 * withdrawable), pieces owed by the Market, offers, collection offers, withdrawable balances and lazily minted
 * supply; every command also predicts the exact ATT and KLAY balance changes of every party, so each step checks
 * that every sale paid seller + fee + royalty == price. `invariants.ts` checks the chain against it after every step.
 */
import { parseEther, type Abi, type Address, type Hex } from 'viem';
import { expect } from 'vitest';
import type { Listing } from '../../src/eip712';
import {
  hostileCollectionAbi,
  hostileCollectionBytecode,
  testActorAbi,
  testActorBytecode,
} from '../generated/test-contracts';
import { KLAY, ROLE, itemOf, setup, type Fixture } from '../helpers';

export const FEE_BPS = 250n;
export const RAISE_BPS = 500n;
export const EXTENSION = 600n;
/** The auction module's SETTLEMENT_GRACE: from then on, an undeliverable piece voids the auction. */
export const GRACE = 7n * 86_400n;
export const A = testActorAbi as Abi;
export const H = hostileCollectionAbi as Abi;
/** Trading EOAs (anvil accounts 3..8); account 9 receives the actor's withdrawals and the outside royalty. */
export const EOAS = [3, 4, 5, 6, 7, 8] as const;
/** Item numbers; the ids name their creators (account 7 or 8). */
const CREATOR_OF: Record<string, number> = { '1': 7, '2': 7, '10': 7, '11': 8 };
/** Owned items: minted up front with this royalty. Lazy items: this edition and royalty, minted only in trades. */
const OWNED = { '1': { royalty: 500n }, '2': { royalty: 0n } } as const;
const LAZY = { '10': { edition: 6n, royalty: 300n }, '11': { edition: 4n, royalty: 0n } } as const;
/** The outside collection's one item: a piece each for accounts 3, 4 and 5; 5% royalty to account 9. */
export const OUTSIDE_ID = 7n;

export interface ListingM {
  l: Listing;
  sig: Hex;
  hash: Hex;
  lazy: boolean;
  filled: bigint;
  cancelled: boolean;
}
export interface AuctionM {
  id: bigint;
  seller: Address;
  collection: Address;
  itemId: bigint;
  token: Address;
  endTime: bigint;
  /** Bids in escrow: live bids while it runs, then the losing bids not yet withdrawn. */
  bids: Map<Address, bigint>;
  topBidder?: Address;
  topBid: bigint;
  live: boolean;
}
export interface OfferM {
  id: bigint;
  buyer: Address;
  itemId: bigint;
  token: Address;
  pricePerOne: bigint;
  remaining: bigint;
  expiry: bigint;
}
/** A collection offer: any item of `collection`, or only `allowed` ones (a criteria root) when set. */
export interface CollectionOfferM extends Omit<OfferM, 'itemId'> {
  collection: Address;
  allowed?: bigint[];
}

export interface World {
  f: Fixture;
  actor: Address;
  /** The outside collection an owner allowed, whose transfers can be paused. */
  outside: Address;
  ids: { owned: bigint[]; lazy: bigint[] };
  /** Snapshot of the prepared state each sequence starts from. */
  base: Hex;
}

export class Model {
  time = 0n;
  nextId = 1n;
  items = new Map<string, bigint>(); // `${collection}:${holder}:${id}` -> balance
  minted = new Map<bigint, bigint>(); // lazy id -> pieces minted
  listings: ListingM[] = [];
  counters = new Map<Address, bigint>();
  auctions: AuctionM[] = [];
  /** Auction id -> the account the Market owes its piece to. */
  unclaimed = new Map<bigint, Address>();
  offers: OfferM[] = [];
  collectionOffers: CollectionOfferM[] = [];
  withdrawable = new Map<string, bigint>(); // `${token}:${account}`
  deltas = new Map<string, bigint>(); // `${token}:${account}` -> expected change in this step
  outsidePaused = false;
  sales = 0;
  constructor(readonly w: World) {}

  get items1155(): Address {
    return this.w.f.d.items;
  }
  bal(holder: Address, id: bigint, collection: Address = this.items1155): bigint {
    return this.items.get(`${collection}:${holder}:${id}`) ?? 0n;
  }
  move(from: Address | undefined, to: Address, id: bigint, n: bigint, collection: Address = this.items1155) {
    if (from) this.items.set(`${collection}:${from}:${id}`, this.bal(from, id, collection) - n);
    else this.minted.set(id, (this.minted.get(id) ?? 0n) + n);
    this.items.set(`${collection}:${to}:${id}`, this.bal(to, id, collection) + n);
  }
  delta(token: Address, who: Address, amount: bigint) {
    const k = `${token}:${who}`;
    this.deltas.set(k, (this.deltas.get(k) ?? 0n) + amount);
  }
  /** A push from the Market: an EOA receives it, the KLAY-refusing actor gets it parked as withdrawable. */
  push(token: Address, to: Address, amount: bigint) {
    if (amount === 0n) return;
    this.delta(token, this.w.f.d.market, -amount);
    if (to === this.w.actor && token === KLAY) {
      const k = `${token}:${to}`;
      this.withdrawable.set(k, (this.withdrawable.get(k) ?? 0n) + amount);
      this.delta(token, this.w.f.d.market, amount);
    } else {
      this.delta(token, to, amount);
    }
  }
  /** Who receives an item's royalty (the creator the id names, or the outside collection's receiver). */
  royaltyReceiver(collection: Address, id: bigint): Address {
    if (collection === this.w.outside) return this.w.f.addr[ROLE.extra2]!;
    return this.w.f.addr[CREATOR_OF[String(id & 0xffffn)]!]!;
  }
  creator(id: bigint): Address {
    return this.royaltyReceiver(this.items1155, id);
  }
  royaltyBps(collection: Address, id: bigint): bigint {
    if (collection === this.w.outside) return 500n;
    const n = String(id & 0xffffn);
    return n in OWNED ? OWNED[n as keyof typeof OWNED].royalty : LAZY[n as keyof typeof LAZY].royalty;
  }
  edition(id: bigint): bigint {
    return LAZY[String(id & 0xffffn) as keyof typeof LAZY].edition;
  }
  /** Seller + fee + royalty == price, paid from `payer` (direct) or from the Market's escrow (`payer` undefined). */
  sale(
    token: Address,
    price: bigint,
    itemId: bigint,
    seller: Address,
    payer?: Address,
    collection: Address = this.items1155,
  ) {
    const fee = (price * FEE_BPS) / 10_000n;
    const royalty = (price * this.royaltyBps(collection, itemId)) / 10_000n;
    const toSeller = price - fee - royalty;
    expect(toSeller + fee + royalty).toBe(price);
    const feeReceiver = this.w.f.addr[ROLE.feeReceiver]!;
    const author = this.royaltyReceiver(collection, itemId);
    const legs = [
      [seller, toSeller],
      [feeReceiver, fee],
      [author, royalty],
    ] as const;
    if (payer) {
      this.delta(token, payer, -price);
      for (const [to, amt] of legs) if (amt !== 0n) this.delta(token, to, amt);
    } else {
      for (const [to, amt] of legs) this.push(token, to, amt);
    }
    this.sales++;
  }
  id(): bigint {
    return this.nextId++;
  }
  /** Pieces a holder can sell now (escrowed pieces are already off their balance). */
  holdersOf(id: bigint, collection: Address = this.items1155): Address[] {
    return this.w.f.addr.filter((a, i) => EOAS.includes(i as never) && this.bal(a, id, collection) > 0n);
  }
}

export async function prepareWorld(): Promise<World> {
  const f = await setup();
  await f.approveAll();
  const id = (n: bigint) => itemOf(f.addr[CREATOR_OF[String(n)]!]!, n);
  const owned = [id(1n), id(2n)];
  const lazy = [id(10n), id(11n)];
  await f.mintTo(f.addr[3]!, owned[0]!, 5n, OWNED['1'].royalty, 10n);
  await f.mintTo(f.addr[4]!, owned[0]!, 5n, OWNED['1'].royalty, 10n);
  await f.mintTo(f.addr[5]!, owned[1]!, 5n, OWNED['2'].royalty, 5n);
  const actor = await f.deploy(A, testActorBytecode);
  await f.send(ROLE.owner, actor, A, 'setModes', [1, 0]); // refuses KLAY, accepts pieces
  const outside = await f.deploy(H, hostileCollectionBytecode, [f.addr[ROLE.extra2]]);
  await f.market(ROLE.owner, 'setAllowedContract', [outside, true]);
  // The owner allows it in auctions against the rule (its transfers pause), to exercise the void path.
  await f.market(ROLE.owner, 'setAuctionContract', [outside, true]);
  for (const who of [3, 4, 5]) await f.send(who, outside, H, 'mint', [f.addr[who], OUTSIDE_ID, 1n]);
  for (const who of EOAS) await f.send(who, outside, H, 'setApprovalForAll', [f.d.market, true]);
  return { f, actor, outside, ids: { owned, lazy }, base: await f.snapshot() };
}

export async function initialModel(w: World): Promise<Model> {
  const m = new Model(w);
  m.items.set(`${w.f.d.items}:${w.f.addr[3]}:${w.ids.owned[0]}`, 5n);
  m.items.set(`${w.f.d.items}:${w.f.addr[4]}:${w.ids.owned[0]}`, 5n);
  m.items.set(`${w.f.d.items}:${w.f.addr[5]}:${w.ids.owned[1]}`, 5n);
  for (const who of [3, 4, 5]) m.items.set(`${w.outside}:${w.f.addr[who]}:${OUTSIDE_ID}`, 1n);
  m.time = await w.f.now();
  return m;
}

/** Every auction in the model starts at the minimum start price. */
export const START_PRICE = parseEther('0.1');
