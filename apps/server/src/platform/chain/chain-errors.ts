/**
 * What a failed chain call was, in a few words: whether the node (or every node of the list) did not answer, and
 * a one-line summary of any viem error (the custom error's name and arguments, or the error's name and short
 * message, and the transaction's hash) for a log line, never the ABI and calldata a viem error carries (kilobytes).
 */
import {
  BaseError,
  ContractFunctionRevertedError,
  HttpRequestError,
  TimeoutError,
  WebSocketRequestError,
  type Hex,
} from 'viem';
import { NodePassedOverError } from './rpc-transport';

/** True when the error is a node not answering (timeout, refused connection, passed over), not a refusal by the chain. */
export function isNodeUnreachable(err: unknown): boolean {
  if (err instanceof NodePassedOverError) return true;
  if (!(err instanceof BaseError)) return false;
  return Boolean(
    err.walk(
      (e) =>
        e instanceof TimeoutError ||
        e instanceof HttpRequestError ||
        e instanceof WebSocketRequestError ||
        e instanceof NodePassedOverError,
    ),
  );
}

export interface ChainErrorSummary {
  /** The contract's custom error (`MarketAuctionNotActive`) or the error's class name. */
  error: string;
  /** The custom error's arguments, as strings. */
  args?: string[];
  /** The first line of viem's short message (no ABI, no calldata). */
  reason?: string;
  hash?: Hex;
}

export function summarizeChainError(err: unknown, hash?: Hex): ChainErrorSummary {
  const withHash = (s: ChainErrorSummary): ChainErrorSummary => (hash ? { ...s, hash } : s);
  if (err instanceof BaseError) {
    const reverted = err.walk(
      (e) => e instanceof ContractFunctionRevertedError,
    ) as ContractFunctionRevertedError | null;
    if (reverted?.data?.errorName) {
      return withHash({ error: reverted.data.errorName, args: (reverted.data.args ?? []).map((a) => String(a)) });
    }
    const reason = (reverted?.reason ?? err.shortMessage).split('\n')[0];
    return withHash({ error: isNodeUnreachable(err) ? 'NodeUnreachable' : err.name, reason });
  }
  if (err instanceof Error) return withHash({ error: err.name, reason: err.message.split('\n')[0] });
  return withHash({ error: 'Error', reason: String(err).split('\n')[0] });
}

/** An error that logs as its summary alone (a job's failure line stays one short line). */
export class ChainCallError extends Error {
  override name = 'ChainCallError';
  readonly summary: ChainErrorSummary;
  constructor(what: string, err: unknown, hash?: Hex) {
    const summary = summarizeChainError(err, hash);
    const args = summary.args ? `(${summary.args.join(', ')})` : '';
    super(`${what}: ${summary.error}${args}${summary.reason ? ` ${summary.reason}` : ''}${hash ? ` tx ${hash}` : ''}`);
    this.summary = summary;
  }
}
