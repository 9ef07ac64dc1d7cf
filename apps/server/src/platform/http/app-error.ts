/** A failure the client should see as a returnCode. Anything else thrown becomes 101 (and is logged). */
import type { ReturnCodeValue } from '@att/shared';

export class AppError extends Error {
  readonly returnCode: ReturnCodeValue;

  constructor(returnCode: ReturnCodeValue, message?: string) {
    super(message ?? `returnCode ${returnCode}`);
    this.name = 'AppError';
    this.returnCode = returnCode;
  }
}

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}
