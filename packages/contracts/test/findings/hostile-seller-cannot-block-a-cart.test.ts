// Cart: a seller (or its collection) that reverts or burns gas cannot block the rest of a cart. A contract seller's
// EIP-1271 check and each delivery get CART_CALL_GAS; a refused one is skipped; KLAY to a seller that refuses it or
// burns the stipend becomes withdrawable, as in every push.
import type { Abi, Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemsAbi } from '../../src/generated/contracts';
import { ANVIL_KEYS } from '../../src/accounts';
import {
  hostileCollectionAbi,
  hostileCollectionBytecode,
  testActorAbi,
  testActorBytecode,
} from '../generated/test-contracts';
import { boughtHashes, cartEntry, cartOrders, gasCost } from '../cart';
import { KLAY, ROLE, parseEther, setup, type Fixture } from '../helpers';

const A = testActorAbi as Abi;
const H = hostileCollectionAbi as Abi;
const Mode = { Accept: 0, Revert: 1, BurnGas: 2 } as const;
let f: Fixture;
let burner: Address, reverter: Address, paused: Address;

async function contractSeller(klayMode: number) {
  const actor = await f.deploy(A, testActorBytecode);
  await f.send(ROLE.owner, actor, A, 'setModes', [klayMode, Mode.Accept]);
  await f.send(ROLE.owner, actor, A, 'setSigner', [f.addr[ROLE.extra1]!]);
  await f.mintTo(actor, f.ITEM, 1n);
  await f.actorCall(ROLE.owner, actor, f.d.items, itemsAbi, 'setApprovalForAll', [f.d.market, true]);
  return actor;
}

beforeAll(async () => {
  f = await setup();
  await f.approveAll();
  await f.mintTo(f.addr[ROLE.seller]!, f.ITEM, 10n);
  burner = await contractSeller(Mode.BurnGas);
  reverter = await contractSeller(Mode.Revert);
  paused = await f.deploy(H, hostileCollectionBytecode, [f.addr[ROLE.extra2]!]);
  await f.market(ROLE.owner, 'setAllowedContract', [paused, true]);
  await f.send(ROLE.seller, paused, H, 'mint', [f.addr[ROLE.seller]!, 1n, 1n]);
  await f.send(ROLE.seller, paused, H, 'setApprovalForAll', [f.d.market, true]);
  await f.send(ROLE.seller, paused, H, 'setPaused', [true]);
});
afterAll(() => f.stop());

describe('a hostile seller cannot block a cart', () => {
  it('gas-burning and reverting KLAY sellers are paid through withdraw; a refusing collection and a bad signature are skipped', async () => {
    const price = { token: KLAY, pricePerOne: parseEther('2') } as const;
    const honest = await cartEntry(f, price);
    const burns = await cartEntry(f, { ...price, seller: burner });
    const reverts = await cartEntry(f, { ...price, seller: reverter });
    const refused = await cartEntry(f, { ...price, collection: paused, itemId: 1n });
    const badSig = await cartEntry(f, price);
    const last = await cartEntry(f, price);
    const contractKey = ANVIL_KEYS[ROLE.extra1]!;
    const orders = [
      ...(await cartOrders(f, [honest])),
      ...(await cartOrders(f, [burns, reverts], contractKey)),
      ...(await cartOrders(f, [refused])),
      ...(await cartOrders(f, [badSig], ANVIL_KEYS[ROLE.other]!)),
      ...(await cartOrders(f, [last])),
    ];
    const buyer = await f.klayBalance(f.addr[ROLE.buyer]!);
    const r = await f.market(ROLE.buyer, 'buyNfts', [KLAY, orders], parseEther('12'));
    expect(boughtHashes(r)).toEqual([honest, burns, reverts, last].map((e) => f.listingHash(e.listing)));
    expect(await f.klayBalance(f.addr[ROLE.buyer]!)).toBe(buyer - parseEther('8') - gasCost(r));
    const proceeds = parseEther('2') - parseEther('0.05') - parseEther('0.1');
    expect(await f.readMarket('withdrawable', [KLAY, burner])).toBe(proceeds);
    expect(await f.readMarket('withdrawable', [KLAY, reverter])).toBe(proceeds);
    expect(await f.klayBalance(f.d.market)).toBe(2n * proceeds);
    expect(r.gasUsed).toBeLessThan(1_500_000n);
  });

  it('a contract seller whose EIP-1271 check refuses is skipped; the rest fills', async () => {
    const noSigner = await contractSeller(Mode.Accept);
    await f.send(ROLE.owner, noSigner, A, 'setSigner', ['0x0000000000000000000000000000000000000000']);
    const e = await cartEntry(f, { seller: noSigner });
    const ok = await cartEntry(f);
    const orders = [...(await cartOrders(f, [e], ANVIL_KEYS[ROLE.extra1]!)), ...(await cartOrders(f, [ok]))];
    const r = await f.market(ROLE.buyer, 'buyNfts', [f.d.att, orders]);
    expect(boughtHashes(r)).toEqual([f.listingHash(ok.listing)]);
    expect(await f.readMarket<bigint>('CART_CALL_GAS')).toBe(150_000n);
  });
});
