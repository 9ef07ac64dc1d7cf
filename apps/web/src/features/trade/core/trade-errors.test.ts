import { attAbi, itemsAbi, marketAbi } from '@att/contracts/generated/contracts';
import { OfferAcceptRefusal, ReturnCode } from '@att/shared';
import i18next from 'i18next';
import {
  CallExecutionError,
  ContractFunctionExecutionError,
  ContractFunctionRevertedError,
  encodeErrorResult,
  type Hex,
  InsufficientFundsError,
  RpcRequestError,
  TransactionExecutionError,
  UserRejectedRequestError,
  zeroAddress,
} from 'viem';
import { describe, expect, it } from 'vitest';
import { en, ko } from '../../../i18n/resources';
import { ApiError } from '../../../lib/api';
import { CHAIN_ERRORS, codeKey, decodeRevert, TradeCheckError, translateTradeError } from './trade-errors';

const listingHash = `0x${'ab'.repeat(32)}` as Hex;
const cancelled = encodeErrorResult({ abi: marketAbi, errorName: 'MarketListingCancelled', args: [listingHash] });

/** What viem throws when an eth_call of a Market function reverts with `data`. */
function reverted(data: Hex) {
  return new ContractFunctionExecutionError(
    new ContractFunctionRevertedError({ abi: marketAbi, data, functionName: 'buyNft' }),
    {
      abi: marketAbi,
      functionName: 'buyNft',
      args: [],
    },
  );
}

/** What a wallet's JSON-RPC error with revert data looks like once viem wrapped it (estimateGas / sendTransaction). */
function rpcRevert(data: Hex) {
  const rpc = new RpcRequestError({
    body: {},
    url: 'http://127.0.0.1:8545',
    error: { code: 3, message: 'execution reverted', data },
  });
  return new TransactionExecutionError(new CallExecutionError(rpc, {}), {} as never);
}

describe('trade error translator', () => {
  it('server codes go to the shared error catalogue; unknown codes to 999', () => {
    expect(translateTradeError(new ApiError(ReturnCode.SoldOut), 'buy')).toEqual({ key: 'errors:83', rejected: false });
    for (const code of [82, 83, 84, 85, 270, 271, 274]) expect(codeKey(code, 'buy')).toBe(`errors:${code}`);
    expect(codeKey(123456)).toBe('errors:999');
  });

  it('code 2 on a purchase is the own-listing message; 5 on a transfer is sending to oneself', () => {
    expect(translateTradeError(new ApiError(ReturnCode.NoAuthority), 'buy').key).toBe('trade:errors.ownListing');
    expect(translateTradeError(new ApiError(ReturnCode.NoAuthority), 'cancel').key).toBe('errors:2');
    expect(translateTradeError(new ApiError(ReturnCode.ValidationFailed), 'transfer').key).toBe(
      'trade:errors.sendToSelf',
    );
    expect(translateTradeError(new ApiError(ReturnCode.NoAuthority), 'bid').key).toBe('trade:errors.ownAuction');
    expect(translateTradeError(new ApiError(ReturnCode.BidTooLow), 'bid').key).toBe('errors:276');
  });

  it('offers: 2 is holding every piece; an accept in an auction or without free pieces gets the spec refusals', () => {
    expect(codeKey(ReturnCode.NoAuthority, 'offer')).toBe('offer:make.ownsAll');
    expect(codeKey(OfferAcceptRefusal.DuringAuction, 'acceptOffer')).toBe('offer:accept.duringAuction');
    expect(codeKey(OfferAcceptRefusal.NoFreePieces, 'acceptOffer')).toBe('offer:accept.noFreePieces');
    expect(codeKey(OfferAcceptRefusal.DuringAuction, 'offer')).toBe('errors:280');
    expect(codeKey(279, 'acceptOffer')).toBe('errors:279');
  });

  it('collection offers: 2 on an accept is an item of another collection; auction and sale refusals as item offers', () => {
    expect(codeKey(ReturnCode.NoAuthority, 'acceptCollectionOffer')).toBe('offer:collection.notInCollection');
    expect(codeKey(OfferAcceptRefusal.DuringAuction, 'acceptCollectionOffer')).toBe('offer:accept.duringAuction');
    expect(codeKey(OfferAcceptRefusal.NoFreePieces, 'acceptCollectionOffer')).toBe('offer:accept.noFreePieces');
    expect(codeKey(281, 'acceptCollectionOffer')).toBe('errors:281');
    expect(codeKey(254, 'collectionOffer')).toBe('errors:254');
  });

  it('a wallet rejection (EIP-1193 4001, in any cause) cancels instead of failing', () => {
    expect(translateTradeError(new UserRejectedRequestError(new Error('no')))).toEqual({
      key: 'trade:errors.rejected',
      rejected: true,
    });
    expect(translateTradeError(Object.assign(new Error('User denied'), { code: 4001 }))).toEqual({
      key: 'trade:errors.rejected',
      rejected: true,
    });
    expect(translateTradeError(new Error('wrapped', { cause: { code: 4001 } })).rejected).toBe(true);
  });

  it('decodes Market custom errors from a reverted eth_call', () => {
    expect(decodeRevert(cancelled)).toBe('MarketListingCancelled');
    expect(translateTradeError(reverted(cancelled))).toEqual({
      key: 'trade:chain.MarketListingCancelled',
      rejected: false,
    });
    const exceeded = encodeErrorResult({ abi: marketAbi, errorName: 'MarketListingAmountExceeded', args: [1n, 2n] });
    expect(translateTradeError(reverted(exceeded)).key).toBe('trade:chain.MarketListingAmountExceeded');
  });

  it('decodes revert data carried by a JSON-RPC error (a wallet estimating gas)', () => {
    const expired = encodeErrorResult({ abi: marketAbi, errorName: 'MarketSignatureExpired', args: [1n, 2n] });
    expect(translateTradeError(rpcRevert(expired)).key).toBe('trade:chain.MarketSignatureExpired');
  });

  it('decodes the ERC-20 / ERC-1155 errors of the token and item contracts', () => {
    const noCoin = encodeErrorResult({
      abi: attAbi,
      errorName: 'ERC20InsufficientBalance',
      args: [zeroAddress, 1n, 2n],
    });
    expect(translateTradeError(rpcRevert(noCoin)).key).toBe('trade:chain.ERC20InsufficientBalance');
    const pieces = encodeErrorResult({
      abi: itemsAbi,
      errorName: 'ERC1155InsufficientBalance',
      args: [zeroAddress, 0n, 1n, 5n],
    });
    expect(translateTradeError(rpcRevert(pieces)).key).toBe('trade:chain.ERC1155InsufficientBalance');
  });

  it('a revert with an error of no text of its own, or with unknown data, shows the generic revert text', () => {
    const ended = encodeErrorResult({ abi: marketAbi, errorName: 'MarketAuctionEnded' });
    expect(translateTradeError(reverted(ended)).key).toBe('trade:chain.reverted');
    expect(translateTradeError(rpcRevert('0xdeadbeef00')).key).toBe('trade:chain.reverted');
    expect(decodeRevert('0x')).toBeUndefined();
  });

  it('not enough KLAY for gas; checks of the web; anything else', () => {
    expect(translateTradeError(new TransactionExecutionError(new InsufficientFundsError(), {} as never)).key).toBe(
      'trade:errors.noGas',
    );
    expect(translateTradeError(new TradeCheckError('trade:errors.wrongAccount')).key).toBe('trade:errors.wrongAccount');
    expect(translateTradeError(new TypeError('fetch failed'))).toEqual({ key: 'trade:errors.failed', rejected: false });
  });

  it('every key it can produce has a text in Korean and English', async () => {
    const keys = [
      ...CHAIN_ERRORS.map((n) => `trade:chain.${n}`),
      'trade:chain.reverted',
      ...['rejected', 'failed', 'noGas', 'ownListing', 'sendToSelf', 'noWallet', 'wrongAccount', 'wrongNetwork'].map(
        (k) => `trade:errors.${k}`,
      ),
      'offer:make.ownsAll',
      'offer:accept.duringAuction',
      'offer:accept.noFreePieces',
      'offer:collection.notInCollection',
    ];
    const i18n = i18next.createInstance();
    await i18n.init({
      resources: { ko, en },
      lng: 'ko',
      ns: Object.keys(ko),
      returnNull: false,
      showSupportNotice: false,
    });
    for (const lng of ['ko', 'en']) {
      const t = i18n.getFixedT(lng);
      for (const k of keys) {
        expect(i18n.exists(k, { lng }), `${lng} ${k}`).toBe(true);
        expect(t(k as never)).not.toBe(k.split(':')[1]);
      }
    }
    // Every listed name is a real error of the contracts' ABIs (or OpenZeppelin's, which they include).
    const names = new Set(
      [...marketAbi, ...itemsAbi, ...attAbi].filter((x) => x.type === 'error').map((x) => (x as { name: string }).name),
    );
    for (const n of CHAIN_ERRORS) expect(names.has(n), n).toBe(true);
  });
});
