/**
 * The one translator of trade failures into catalogue keys: a server returnCode (`ApiError` of `ensureOk`), a decoded `Market*` (or Items,
 * ATT, OpenZeppelin) custom error, a wallet rejection, or anything else. The user only ever sees catalogue text.
 *
 * It uses viem, so it belongs to the lazily loaded wallet side: popups reach it through `loadTradeKit()`.
 */
import { attAbi, itemsAbi, marketAbi } from '@att/contracts/generated/contracts';
import { ALL_RETURN_CODES, OfferAcceptRefusal, ReturnCode } from '@att/shared';
import { BaseError, decodeErrorResult, type Hex, InsufficientFundsError, UserRejectedRequestError } from 'viem';
import { ApiError } from '../../../lib/api';
import type { TradeMessageKey } from './trade-machine';

/** A failure the web itself detects before or after the wallet (e.g. a reverted receipt, a bad address). */
export class TradeCheckError extends Error {
  constructor(readonly messageKey: TradeMessageKey) {
    super(messageKey);
  }
}

/** What the flow was doing, for codes whose meaning depends on the call (`2` on a purchase is "own listing"). */
export type TradeAction =
  | 'buy'
  | 'transfer'
  | 'cancel'
  | 'sell'
  | 'auction'
  | 'bid'
  | 'cancelBid'
  | 'cancelAuction'
  | 'offer'
  | 'acceptOffer'
  | 'cancelOffer'
  | 'collectionOffer'
  | 'acceptCollectionOffer'
  | 'cancelCollectionOffer'
  | 'withdraw'
  | 'claim'
  | 'settle';

export interface TradeFailure {
  /** The catalogue key to show. */
  key: TradeMessageKey;
  /** The wallet refused (the user said no): the flow is cancelled, not failed. */
  rejected: boolean;
}

/** Custom errors with their own text; every other decoded error shows `trade:chain.reverted`. */
export const CHAIN_ERRORS = [
  'MarketInvalidSignature',
  'MarketInvalidSellerSignature',
  'MarketSignatureExpired',
  'MarketIdAlreadyUsed',
  'MarketUnauthorizedCaller',
  'MarketContractNotAllowed',
  'MarketTokenNotAllowed',
  'MarketPriceTooLow',
  'MarketIncorrectPayment',
  'MarketListingCancelled',
  'MarketListingAmountExceeded',
  'MarketFeeMismatch',
  'MarketInvalidParty',
  'MarketInvalidAmount',
  'MarketUnsolicitedItems',
  'MarketInvalidEndTime',
  'MarketAuctionNotActive',
  'MarketAuctionEnded',
  'MarketSellerCannotBid',
  'MarketAmountTooHigh',
  'MarketBidTooLow',
  'MarketNoBid',
  'MarketTopBidLocked',
  'MarketTooLateToCancel',
  'MarketOfferNotFound',
  'MarketOfferExpired',
  'MarketOfferAmountExceeded',
  'MarketItemNotInCriteria',
  'ItemsEditionExceeded',
  'ERC20InsufficientBalance',
  'ERC20InsufficientAllowance',
  'ERC1155InsufficientBalance',
  'ERC1155MissingApprovalForAll',
  'ERC1155InvalidReceiver',
] as const;
export type ChainErrorName = (typeof CHAIN_ERRORS)[number];

const chainErrorSet = new Set<string>(CHAIN_ERRORS);
const knownCodes = new Set<number>(ALL_RETURN_CODES);
/** Every custom error the trade contracts can revert with (the Market runs the auction module's too). */
const errorAbi = [...marketAbi, ...itemsAbi, ...attAbi].filter((x) => x.type === 'error');

/** The key of a server returnCode. */
export function codeKey(code: number, action?: TradeAction): TradeMessageKey {
  if (action === 'buy' && code === ReturnCode.NoAuthority) return 'trade:errors.ownListing';
  if (action === 'transfer' && code === ReturnCode.ValidationFailed) return 'trade:errors.sendToSelf';
  if (action === 'bid' && code === ReturnCode.NoAuthority) return 'trade:errors.ownAuction';
  if (action === 'offer' && code === ReturnCode.NoAuthority) return 'offer:make.ownsAll';
  if (action === 'acceptOffer' && code === OfferAcceptRefusal.DuringAuction) return 'offer:accept.duringAuction';
  if (action === 'acceptOffer' && code === OfferAcceptRefusal.NoFreePieces) return 'offer:accept.noFreePieces';
  if (action === 'acceptCollectionOffer') {
    if (code === ReturnCode.NoAuthority) return 'offer:collection.notInCollection';
    if (code === OfferAcceptRefusal.DuringAuction) return 'offer:accept.duringAuction';
    if (code === OfferAcceptRefusal.NoFreePieces) return 'offer:accept.noFreePieces';
  }
  return `errors:${knownCodes.has(code) ? code : ReturnCode.Undefined}`;
}

/** The name of a custom error in revert data, or undefined when the data is not one of ours. */
export function decodeRevert(data: Hex | undefined): string | undefined {
  if (!data || data === '0x' || data.length < 10) return undefined;
  try {
    return decodeErrorResult({ abi: errorAbi, data }).errorName;
  } catch {
    return undefined;
  }
}

function chainKey(name: string | undefined): TradeMessageKey {
  return name && chainErrorSet.has(name) ? `trade:chain.${name}` : 'trade:chain.reverted';
}

function isRejection(err: unknown): boolean {
  if (err instanceof BaseError && err.walk((e) => e instanceof UserRejectedRequestError)) return true;
  let e: unknown = err;
  for (let i = 0; i < 6 && e; i++) {
    if (typeof e === 'object' && e !== null && 'code' in e && (e as { code: unknown }).code === 4001) return true;
    e = typeof e === 'object' && e !== null && 'cause' in e ? (e as { cause: unknown }).cause : null;
  }
  return false;
}

/** Revert data carried anywhere in a viem error chain (eth_call, estimateGas, a wallet's JSON-RPC error). */
function revertOf(err: BaseError): { name?: string; reverted: boolean } {
  let reverted = false;
  let name: string | undefined;
  err.walk((e) => {
    const x = e as { name?: string; data?: unknown; raw?: unknown };
    if (x.name === 'ContractFunctionRevertedError') {
      reverted = true;
      const d = x.data as { errorName?: string } | undefined;
      name ??= d?.errorName ?? decodeRevert(x.raw as Hex | undefined);
    }
    if (x.name === 'CallExecutionError' || x.name === 'ExecutionRevertedError') reverted = true;
    if (!name && typeof x.data === 'string' && x.data.startsWith('0x')) name = decodeRevert(x.data as Hex);
    if (
      !name &&
      typeof x.data === 'object' &&
      x.data !== null &&
      typeof (x.data as { data?: unknown }).data === 'string'
    )
      name = decodeRevert((x.data as { data: Hex }).data);
    return false;
  });
  return { name, reverted: reverted || name !== undefined };
}

/** Any failure of a trade flow -> the catalogue key to show, and whether the wallet was refused. */
export function translateTradeError(err: unknown, action?: TradeAction): TradeFailure {
  if (err instanceof ApiError) return { key: codeKey(err.code, action), rejected: false };
  if (err instanceof TradeCheckError) return { key: err.messageKey, rejected: false };
  if (isRejection(err)) return { key: 'trade:errors.rejected', rejected: true };
  if (err instanceof BaseError) {
    if (err.walk((e) => e instanceof InsufficientFundsError)) return { key: 'trade:errors.noGas', rejected: false };
    const r = revertOf(err);
    if (r.reverted) return { key: chainKey(r.name), rejected: false };
  }
  return { key: 'trade:errors.failed', rejected: false };
}
