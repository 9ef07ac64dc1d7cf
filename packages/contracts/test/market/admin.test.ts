import { parseEventLogs, zeroAddress } from 'viem';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  marketAbi,
  marketAuctionsAbi,
  marketAuctionsBytecode,
  marketBytecode,
  marketCollectionOffersAbi,
  marketCollectionOffersBytecode,
} from '../../src/generated/contracts';
import { ROLE, expectRevert, setup, type Fixture } from '../helpers';

let f: Fixture;
let snap: `0x${string}`;
beforeAll(async () => {
  f = await setup();
});
afterAll(() => f.stop());
beforeEach(async () => {
  snap = await f.snapshot();
});
afterEach(async () => {
  await f.revert(snap);
});

describe('Market owner settings', () => {
  it('starts with fee 250, rate 500, delay 600 and the deploy-time validator and receiver', async () => {
    expect(await f.readMarket('marketFee')).toBe(250n);
    expect(await f.readMarket('availableRate')).toBe(500n);
    expect(await f.readMarket('auctionDelay')).toBe(600n);
    expect(await f.readMarket('validator')).toBe(f.addr[ROLE.validator]);
    expect(await f.readMarket('feeReceiver')).toBe(f.addr[ROLE.feeReceiver]);
    expect(await f.readMarket('owner')).toBe(f.addr[ROLE.owner]);
    expect(await f.readMarket('isAllowedToken', [zeroAddress])).toBe(true);
  });

  const cases: [string, unknown[], string, string, unknown][] = [
    ['setMarketFee', [300n], 'marketFee', 'MarketFeeUpdated', 300n],
    ['setAvailableRate', [1000n], 'availableRate', 'AvailableRateUpdated', 1000n],
    ['setAuctionDelay', [900n], 'auctionDelay', 'AuctionDelayUpdated', 900n],
  ];
  for (const [fn, args, getter, event, value] of cases) {
    it(`${fn}: owner only, emits ${event}`, async () => {
      await expectRevert(f.market(ROLE.other, fn, args), 'OwnableUnauthorizedAccount', [f.addr[ROLE.other]]);
      const r = await f.market(ROLE.owner, fn, args);
      expect(await f.readMarket(getter)).toBe(value);
      expect(parseEventLogs({ abi: marketAbi, logs: r.logs }).map((e) => e.eventName)).toEqual([event]);
    });
  }

  it('setValidator and setFeeReceiver: owner only, never zero', async () => {
    const a = f.addr[ROLE.extra1]!;
    for (const [fn, getter] of [
      ['setValidator', 'validator'],
      ['setFeeReceiver', 'feeReceiver'],
    ] as const) {
      await expectRevert(f.market(ROLE.other, fn, [a]), 'OwnableUnauthorizedAccount');
      await expectRevert(f.market(ROLE.owner, fn, [zeroAddress]), 'MarketZeroAddress');
      await f.market(ROLE.owner, fn, [a]);
      expect(await f.readMarket(getter)).toBe(a);
    }
  });

  it('bounds: fee at most 10%, rate 1..10000, delay 1 s..1 day', async () => {
    await expectRevert(f.market(ROLE.owner, 'setMarketFee', [1001n]), 'MarketFeeTooHigh', [1000n, 1001n]);
    await f.market(ROLE.owner, 'setMarketFee', [1000n]);
    await expectRevert(f.market(ROLE.owner, 'setAvailableRate', [0n]), 'MarketInvalidRate', [0n]);
    await expectRevert(f.market(ROLE.owner, 'setAvailableRate', [10_001n]), 'MarketInvalidRate', [10_001n]);
    await expectRevert(f.market(ROLE.owner, 'setAuctionDelay', [0n]), 'MarketInvalidDelay', [0n]);
    await expectRevert(f.market(ROLE.owner, 'setAuctionDelay', [86_401n]), 'MarketInvalidDelay', [86_401n]);
  });

  it('allowed contracts and tokens: owner only, contracts only, events, KLAY cannot be listed', async () => {
    const eoa = f.addr[ROLE.extra2]!;
    await expectRevert(f.market(ROLE.owner, 'setAllowedContract', [eoa, true]), 'MarketNotAContract', [eoa]);
    await expectRevert(f.market(ROLE.owner, 'setAllowedToken', [eoa, true]), 'MarketNotAContract', [eoa]);
    const c = f.d.att;
    await expectRevert(f.market(ROLE.other, 'setAllowedContract', [c, true]), 'OwnableUnauthorizedAccount');
    await expectRevert(f.market(ROLE.other, 'setAllowedToken', [c, true]), 'OwnableUnauthorizedAccount');
    const r1 = await f.market(ROLE.owner, 'setAllowedContract', [c, true]);
    expect(await f.readMarket('isAllowedContract', [c])).toBe(true);
    const r2 = await f.market(ROLE.owner, 'setAllowedToken', [c, true]);
    expect(await f.readMarket('isAllowedToken', [c])).toBe(true);
    expect(parseEventLogs({ abi: marketAbi, logs: [...r1.logs, ...r2.logs] }).map((e) => e.args)).toEqual([
      { collection: c, allowed: true },
      { token: c, allowed: true },
    ]);
    await expectRevert(f.market(ROLE.owner, 'setAllowedToken', [zeroAddress, false]), 'MarketZeroAddress');
  });

  it("the platform's collection and token are allowed and disallowed like any other (their flags share the config word)", async () => {
    expect(await f.readMarket('isAllowedContract', [f.d.items])).toBe(true);
    expect(await f.readMarket('isAllowedToken', [f.d.att])).toBe(true);
    expect(await f.read(f.d.marketAuctions!, marketAuctionsAbi, 'platformCollection')).toBe(f.d.items);
    expect(await f.read(f.d.marketAuctions!, marketAuctionsAbi, 'platformToken')).toBe(f.d.att);
    await f.market(ROLE.owner, 'setAllowedContract', [f.d.items, false]);
    await f.market(ROLE.owner, 'setAllowedToken', [f.d.att, false]);
    expect(await f.readMarket('isAllowedContract', [f.d.items])).toBe(false);
    expect(await f.readMarket('isAllowedToken', [f.d.att])).toBe(false);
    await f.approveAll();
    await f.mintTo(f.addr[ROLE.seller]!, f.ITEM, 1n);
    await expectRevert(f.buy({ listing: { token: zeroAddress } }), 'MarketContractNotAllowed', [f.d.items]);
    await f.market(ROLE.owner, 'setAllowedContract', [f.d.items, true]);
    await expectRevert(f.buy(), 'MarketTokenNotAllowed', [f.d.att]);
    const p = await f.auctionParams();
    await expectRevert(
      f.market(ROLE.seller, 'registerAuction', [p, await f.sign('Auction', p)]),
      'MarketTokenNotAllowed',
      [f.d.att],
    );
    await f.market(ROLE.owner, 'setAllowedToken', [f.d.att, true]);
    await f.buy();
  });

  it('a Market refuses an auction module deployed for another collection or token', async () => {
    const offers = await f.deploy(marketCollectionOffersAbi, marketCollectionOffersBytecode, [f.d.att, f.d.items]);
    const other = await f.deploy(marketAuctionsAbi, marketAuctionsBytecode, [f.d.att, f.d.items, offers]);
    await expectRevert(
      f.deploy(marketAbi, marketBytecode, [
        f.addr[ROLE.owner],
        f.addr[ROLE.validator],
        f.addr[ROLE.feeReceiver],
        250n,
        other,
        f.d.items,
        f.d.att,
      ]),
      'MarketModuleMismatch',
      [other],
    );
  });

  it('an auction module refuses a collection offer module deployed for another collection or token', async () => {
    const other = await f.deploy(marketCollectionOffersAbi, marketCollectionOffersBytecode, [f.d.att, f.d.items]);
    await expectRevert(
      f.deploy(marketAuctionsAbi, marketAuctionsBytecode, [f.d.items, f.d.att, other]),
      'MarketModuleMismatch',
      [other],
    );
  });

  it('ownership moves in two steps (Ownable2Step) and cannot be renounced', async () => {
    await expectRevert(f.market(ROLE.other, 'transferOwnership', [f.addr[ROLE.other]]), 'OwnableUnauthorizedAccount');
    await f.market(ROLE.owner, 'transferOwnership', [f.addr[ROLE.extra1]]);
    expect(await f.readMarket('owner')).toBe(f.addr[ROLE.owner]);
    expect(await f.readMarket('pendingOwner')).toBe(f.addr[ROLE.extra1]);
    await expectRevert(f.market(ROLE.other, 'acceptOwnership'), 'OwnableUnauthorizedAccount', [f.addr[ROLE.other]]);
    await f.market(ROLE.extra1, 'acceptOwnership');
    expect(await f.readMarket('owner')).toBe(f.addr[ROLE.extra1]);
    await expectRevert(f.market(ROLE.owner, 'setMarketFee', [1n]), 'OwnableUnauthorizedAccount');
    await expectRevert(f.market(ROLE.other, 'renounceOwnership'), 'OwnableUnauthorizedAccount');
    await expectRevert(f.market(ROLE.extra1, 'renounceOwnership'), 'MarketRenounceDisabled');
    expect(await f.readMarket('owner')).toBe(f.addr[ROLE.extra1]);
  });

  it('answers ERC-165 for ERC-1155 receiving (pieces are still accepted only from the Market itself)', async () => {
    expect(await f.readMarket('supportsInterface', ['0x4e2312e0'])).toBe(true);
    expect(await f.readMarket('supportsInterface', ['0x01ffc9a7'])).toBe(true);
    expect(await f.readMarket('supportsInterface', ['0xd9b67a26'])).toBe(false);
  });

  it('the auction module refuses direct calls; plain KLAY sent to the Market is refused', async () => {
    const module = await f.readMarket<`0x${string}`>('auctionModule');
    expect(module).toBe(f.d.marketAuctions);
    await expectRevert(f.send(ROLE.other, module, marketAbi, 'placeBid', [1n, 1n]), 'MarketModuleDirectCall');
    await expectRevert(
      f.wallets[ROLE.other]!.sendTransaction({
        to: f.d.market,
        value: 1n,
        chain: f.chain,
        account: f.accounts[ROLE.other]!,
      }),
      'MarketIncorrectPayment',
      [0n, 1n],
    );
  });

  it('the collection offer module runs only inside the Market: direct calls, and calls through the auction module, are refused', async () => {
    const module = await f.readMarket<`0x${string}`>('collectionOffersModule');
    expect(module).toBe(f.d.marketCollectionOffers);
    await expectRevert(
      f.send(ROLE.other, module, marketAbi, 'cancelCollectionOffer', [1n, 1n]),
      'MarketModuleDirectCall',
    );
    await expectRevert(
      f.send(ROLE.other, f.d.marketAuctions!, marketAbi, 'cancelCollectionOffer', [1n, 1n]),
      'MarketModuleDirectCall',
    );
    // Inside the Market it answers (no such offer).
    await expectRevert(f.market(ROLE.other, 'cancelCollectionOffer', [1n, 1n]), 'MarketOfferNotFound', [1n]);
  });

  it('MarketNothingToWithdraw with no balance; withdrawTo rejects the zero address', async () => {
    await expectRevert(f.market(ROLE.other, 'withdraw', [zeroAddress]), 'MarketNothingToWithdraw', [
      zeroAddress,
      f.addr[ROLE.other],
    ]);
    await expectRevert(f.market(ROLE.other, 'withdrawTo', [f.d.att, zeroAddress]), 'MarketZeroAddress');
    await expectRevert(f.market(ROLE.other, 'withdrawTo', [f.d.att, f.addr[ROLE.other]]), 'MarketNothingToWithdraw');
  });
});
