// Finding: a buyer contract's onERC1155Received hook runs inside `acceptCollectionOffer` (the piece reaches the
// buyer before the seller is paid). Re-entering the Market from it, to cancel the offer's escrow out from under
// the sale or to accept again, must fail without breaking the sale; the escrow stays exact.
import { encodeFunctionData, toFunctionSelector, type Abi, type Address } from 'viem';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { marketAbi } from '../../src/generated/contracts';
import { collectionOffers } from '../collection-offers';
import { testActorAbi, testActorBytecode } from '../generated/test-contracts';
import { KLAY, ROLE, parseEther, setup, type Fixture } from '../helpers';

const GUARD = toFunctionSelector('ReentrancyGuardReentrantCall()');
let f: Fixture;
let co: ReturnType<typeof collectionOffers>;
let actor: Address;
let snap: `0x${string}`;
const readActor = <T>(fn: string) => f.read<T>(actor, testActorAbi as Abi, fn);

beforeAll(async () => {
  f = await setup();
  co = collectionOffers(f);
  await f.approveAll();
  await f.mintTo(f.addr[ROLE.seller]!, f.ITEM, 10n);
  actor = await f.deploy(testActorAbi as Abi, testActorBytecode);
});
afterAll(() => f.stop());
beforeEach(async () => {
  snap = await f.snapshot();
});
afterEach(async () => {
  await f.revert(snap);
});

/** The actor (a contract buyer) makes a KLAY collection offer of 3 pieces at 2 KLAY. */
const actorOffer = async () => {
  const p = await f.collectionOfferParams({ buyer: actor, token: KLAY, amount: 3n, pricePerOne: parseEther('2') });
  const sig = await f.sign('CollectionOffer', p);
  await f.actorCall(ROLE.buyer, actor, f.d.market, marketAbi, 'makeCollectionOffer', [p, sig], parseEther('6'));
  return p;
};

describe('re-entering the Market from onERC1155Received during acceptCollectionOffer', () => {
  it("the buyer's cancel from the hook is stopped by the guard; the sale settles once and the rest stays escrowed", async () => {
    const p = await actorOffer();
    await f.send(ROLE.owner, actor, testActorAbi as Abi, 'setAttack', [
      f.d.market,
      encodeFunctionData({ abi: marketAbi, functionName: 'cancelCollectionOffer', args: [p.id, 3n] }),
      0n,
    ]);
    await f.send(ROLE.owner, actor, testActorAbi as Abi, 'setModes', [0, 3]);
    const sellerBefore = await f.klayBalance(f.addr[ROLE.seller]!);
    const { receipt } = await co.accept(p.id);
    expect(await readActor('attacked')).toBe(true);
    expect(await readActor('attackSucceeded')).toBe(false);
    expect((await readActor<string>('attackReturn')).slice(0, 10)).toBe(GUARD);
    expect(await f.itemBalance(actor, f.ITEM)).toBe(1n);
    expect((await co.view(p.id)).remaining).toBe(2n);
    expect(await f.klayBalance(f.d.market)).toBe(parseEther('4'));
    const gas = receipt.gasUsed * receipt.effectiveGasPrice;
    // 2 KLAY less the 2.5% fee; the seller is not the creator, so the 5% royalty goes to the author
    expect(await f.klayBalance(f.addr[ROLE.seller]!)).toBe(sellerBefore + parseEther('1.85') - gas);
  });

  it('a second accept from the hook (another valid accept) is stopped too', async () => {
    const p = await actorOffer();
    const second = await f.collectionAcceptParams({ offerId: p.id });
    await f.send(ROLE.owner, actor, testActorAbi as Abi, 'setAttack', [
      f.d.market,
      encodeFunctionData({
        abi: marketAbi,
        functionName: 'acceptCollectionOffer',
        args: [second, [], await f.sign('CollectionAccept', second)],
      }),
      0n,
    ]);
    await f.send(ROLE.owner, actor, testActorAbi as Abi, 'setModes', [0, 3]);
    await co.accept(p.id);
    expect(await readActor('attackSucceeded')).toBe(false);
    expect((await readActor<string>('attackReturn')).slice(0, 10)).toBe(GUARD);
    expect(await f.readMarket('isIdUsed', [7, second.id])).toBe(false);
    expect((await co.view(p.id)).remaining).toBe(2n);
  });
});
