// Finding: a winning bidder contract that rejects the ERC-1155 piece (or burns the gas of its hook) must not
// block settlement: the seller, fee receiver and author are paid, and the piece stays owed to the winner,
// who claims it to another address.
import { parseEventLogs, type Abi, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketAbi } from '../../src/generated/contracts';
import { testActorAbi, testActorBytecode } from '../generated/test-contracts';
import { KLAY, ROLE, expectRevert, itemOf, parseEther, setup, type Fixture } from '../helpers';

let f: Fixture;
const A = testActorAbi as Abi;
beforeAll(async () => {
  f = await setup();
  await f.approveAll();
  await f.mintTo(f.addr[ROLE.seller]!, f.ITEM, 2n);
});
afterAll(() => f.stop());

async function wonBy(mode: number, isMinting: boolean): Promise<{ actor: Address; id: bigint }> {
  const actor = await f.deploy(A, testActorBytecode);
  await f.send(ROLE.owner, actor, A, 'setModes', [0, mode]);
  const p = isMinting
    ? await f.auctionParams({
        token: KLAY,
        itemId: itemOf(f.addr[ROLE.author]!, 90n),
        seller: f.addr[ROLE.author]!,
        isMinting: true,
        editionSize: 1n,
      })
    : await f.auctionParams({ token: KLAY });
  await f.market(isMinting ? ROLE.author : ROLE.seller, 'registerAuction', [p, await f.sign('Auction', p)]);
  await f.actorCall(ROLE.buyer, actor, f.d.market, marketAbi, 'placeBid', [p.id, parseEther('1')], parseEther('1'));
  await f.setNextTime(p.endTime);
  return { actor, id: p.id };
}

describe('winner that rejects the piece', () => {
  it('escrowed piece: settlement pays everyone, the piece is claimable by the winner only', async () => {
    const { actor, id } = await wonBy(1, false);
    const seller = await f.klayBalance(f.addr[ROLE.seller]!);
    const r = await f.market(ROLE.other, 'endAuction', [id]);
    expect(await f.klayBalance(f.addr[ROLE.seller]!)).toBe(seller + parseEther('0.925'));
    expect(parseEventLogs({ abi: marketAbi, logs: r.logs, eventName: 'AuctionItemUnclaimed' })[0]!.args).toEqual({
      auctionId: id,
      owner: actor,
    });
    expect(await f.readMarket('unclaimedAuctionItem', [id])).toBe(actor);
    expect(await f.itemBalance(f.d.market, f.ITEM)).toBe(1n);
    await expectRevert(f.market(ROLE.other, 'claimAuctionItem', [id, f.addr[ROLE.other]]), 'MarketNothingToClaim', [
      id,
      f.addr[ROLE.other],
    ]);
    await expectRevert(
      f.actorCall(ROLE.buyer, actor, f.d.market, marketAbi, 'claimAuctionItem', [
        id,
        '0x0000000000000000000000000000000000000000',
      ]),
      'MarketInvalidParty',
    );
    await f.actorCall(ROLE.buyer, actor, f.d.market, marketAbi, 'claimAuctionItem', [id, f.addr[ROLE.extra2]]);
    expect(await f.itemBalance(f.addr[ROLE.extra2]!, f.ITEM)).toBe(1n);
    expect(await f.readMarket('unclaimedAuctionItem', [id])).toBe('0x0000000000000000000000000000000000000000');
    await expectRevert(
      f.actorCall(ROLE.buyer, actor, f.d.market, marketAbi, 'claimAuctionItem', [id, f.addr[ROLE.extra2]]),
      'MarketNothingToClaim',
    );
  });

  it('minted-at-registration piece whose winner burns all gas: settles within 300000 gas, delivered on claim', async () => {
    const { actor, id } = await wonBy(2, true);
    const hash = await f.wallets[ROLE.other]!.writeContract({
      address: f.d.market,
      abi: marketAbi,
      functionName: 'endAuction',
      args: [id],
      gas: 300_000n,
      chain: f.chain,
      account: f.accounts[ROLE.other]!,
    });
    await f.wait(hash);
    expect(await f.readMarket('unclaimedAuctionItem', [id])).toBe(actor);
    expect(await f.itemBalance(actor, itemOf(f.addr[ROLE.author]!, 90n))).toBe(0n);
    await f.actorCall(ROLE.buyer, actor, f.d.market, marketAbi, 'claimAuctionItem', [id, f.addr[ROLE.extra2]]);
    expect(await f.itemBalance(f.addr[ROLE.extra2]!, itemOf(f.addr[ROLE.author]!, 90n))).toBe(1n);
  });

  it('MarketInsufficientGas: too little gas for a fair delivery to a contract winner reverts instead of parking the piece', async () => {
    const { id } = await wonBy(0, false);
    await f.testClient.mine({ blocks: 1 });
    await expectRevert(
      f.pub.simulateContract({
        address: f.d.market,
        abi: marketAbi,
        functionName: 'endAuction',
        args: [id],
        gas: 150_000n,
        account: f.addr[ROLE.other]!,
      }),
      'MarketInsufficientGas',
    );
    await f.market(ROLE.other, 'endAuction', [id]);
  });
});
