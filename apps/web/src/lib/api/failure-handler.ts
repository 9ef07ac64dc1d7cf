/**
 * Where a failed write is shown. The API layer knows no screen: the app's popups register the handler
 * (`features/popups/popup-store.ts` shows the error popup with the code's catalogue text); until one is
 * registered (a test that renders no popups) the code is only logged.
 */
export type FailureHandler = (code: number) => void;

let handler: FailureHandler = (code) => console.error(`[api] failed with returnCode ${code}`);

export function setFailureHandler(next: FailureHandler): void {
  handler = next;
}

export function reportFailure(code: number): void {
  handler(code);
}
