import { AUCTION_SETTLE_GRACE_SECONDS, ReturnCode, SaleType } from '@att/shared';
import { describe, expect, it } from 'vitest';
import en from '../../../i18n/locales/en/errors.json';
import ko from '../../../i18n/locales/ko/errors.json';
import enTrade from '../../../i18n/locales/en/trade.json';
import koTrade from '../../../i18n/locales/ko/trade.json';
import { codeKey } from '../core/trade-errors';
import { canSettle, SETTLE_PLAN, settledIn } from './settle-rule';

const endS = 1_700_000_000;
const auction = { saleType: SaleType.Auction, expireDate: new Date(endS * 1000).toISOString(), auctionId: '7' };

describe('the settle button', () => {
  it('shows to a signed-in member once the chain time is past the end plus the keeper grace', () => {
    expect(canSettle({ signedIn: true, auction, chainTimeS: endS + AUCTION_SETTLE_GRACE_SECONDS })).toBe(true);
    expect(canSettle({ signedIn: true, auction, chainTimeS: endS + AUCTION_SETTLE_GRACE_SECONDS - 1 })).toBe(false);
    expect(canSettle({ signedIn: true, auction, chainTimeS: endS })).toBe(false);
  });

  it('does not show to a visitor, without the chain time, or for a fixed-price row', () => {
    const late = endS + AUCTION_SETTLE_GRACE_SECONDS + 3600;
    expect(canSettle({ signedIn: false, auction, chainTimeS: late })).toBe(false);
    expect(canSettle({ signedIn: true, auction, chainTimeS: undefined })).toBe(false);
    expect(canSettle({ signedIn: true, auction: undefined, chainTimeS: late })).toBe(false);
    expect(canSettle({ signedIn: true, auction: { ...auction, saleType: SaleType.Fixed }, chainTimeS: late })).toBe(
      false,
    );
  });

  it('is a send then index plan, done once the sales list no longer has the auction', () => {
    expect(SETTLE_PLAN).toEqual(['send', 'index']);
    expect(settledIn([{ auctionId: '7' }], '7')).toBe(false);
    expect(settledIn([{ auctionId: undefined }], '7')).toBe(true);
    expect(settledIn(undefined, '7')).toBe(true);
    expect(koTrade.settle.button).toBe('경매 정산하기');
    expect(enTrade.settle.button).toBe('Settle auction');
  });
});

describe('a chain node that does not answer (133)', () => {
  it('reads as the node being unreachable, try again shortly, in both catalogues', () => {
    expect(codeKey(ReturnCode.Erc20ApiError, 'sell')).toBe('errors:133');
    expect(ko['133']).toContain('블록체인 노드');
    expect(en['133']).toMatch(/node cannot be reached.*try again shortly/i);
  });
});
