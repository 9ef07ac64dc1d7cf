// Finding (Info): a listing signed at a higher fee still paid it after the owner lowered the fee. A listing now pays
// the lower of the fee its seller signed and the fee in force (a raised fee still makes it unfillable).
import { parseEventLogs } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketAbi } from '../../src/generated/contracts';
import { ROLE, parseEther, setup, type Fixture } from '../helpers';

let f: Fixture;
beforeAll(async () => {
  f = await setup();
  await f.approveAll();
  await f.mintTo(f.addr[ROLE.seller]!, f.ITEM, 2n);
});
afterAll(() => f.stop());

describe('a listing pays the lower of its signed fee and the fee in force', () => {
  it('signed at 2.5%, sold after the fee was lowered to 1%: 1% is charged and the seller keeps the rest', async () => {
    const l = await f.listing({ pricePerOne: parseEther('10') });
    expect(l.feeBps).toBe(250n);
    const args = await f.buyArgs(l, await f.reservation(l));
    await f.market(ROLE.owner, 'setMarketFee', [100n]);
    const [seller, fees] = [await f.attBalance(f.addr[ROLE.seller]!), await f.attBalance(f.addr[ROLE.feeReceiver]!)];
    const r = await f.market(ROLE.buyer, 'buyNft', args);
    const [bought] = parseEventLogs({ abi: marketAbi, logs: r.logs, eventName: 'NftBought' });
    expect(bought!.args.fee).toBe(parseEther('0.1'));
    expect(await f.attBalance(f.addr[ROLE.feeReceiver]!)).toBe(fees + parseEther('0.1'));
    expect(await f.attBalance(f.addr[ROLE.seller]!)).toBe(
      seller + parseEther('10') - parseEther('0.1') - bought!.args.royalty,
    );
  });
});
