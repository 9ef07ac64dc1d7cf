/**
 * A refused reply as an error: `ensureOk` turns a non-zero returnCode into `ApiError(code)`, so a query shows its
 * error state and a mutation its failure; `failureCode` reads the code back from any failure (901 when it is not
 * a server answer: the network, or a bug).
 */
import { ReturnCode } from '@att/shared';

export class ApiError extends Error {
  constructor(readonly code: number) {
    super(`returnCode ${code}`);
  }
}

/** Returns the reply when its returnCode is 0, else throws ApiError(code). */
export function ensureOk<R extends { returnCode: number }>(reply: R): R {
  if (reply.returnCode !== 0) throw new ApiError(reply.returnCode);
  return reply;
}

/** The returnCode of any failure: the code of an ApiError, else 901 (network or unexpected). */
export const failureCode = (err: unknown) => (err instanceof ApiError ? err.code : ReturnCode.HttpTrouble);
