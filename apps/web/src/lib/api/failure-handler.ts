/**
 * Where a failed write is shown. The API layer knows no screen: the app's popups register the handler
 * (`features/popups/popup-store.ts` shows the error popup with the code's catalogue text); until one is
 * registered (a test that renders no popups) the code is only logged.
 */
export type FailureHandler = (code: number) => void;

let handler: FailureHandler = (code) => console.error(`[api] failed with returnCode ${code}`);

/** Registers `next`; returns the handler it replaces (a test that stands in for the popups puts it back). */
export function setFailureHandler(next: FailureHandler): FailureHandler {
  const previous = handler;
  handler = next;
  return previous;
}

export function reportFailure(code: number): void {
  handler(code);
}
