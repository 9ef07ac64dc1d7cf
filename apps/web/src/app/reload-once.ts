/**
 * "A failed navigation reloads the page" (spec 1, section 2) — once. A page chunk that cannot load (a tab left
 * open across a deploy, a flaky network) reloads the page to pick up the current build; if the reloaded page
 * fails again, the member gets an error with a retry instead of another reload, so a lasting failure can never
 * become a reload loop. The mark lives in sessionStorage (this tab only) and is cleared once a page has loaded.
 */
const KEY = 'att.reloadedAfterError';

export const pageReloader = { reload: () => window.location.reload() };

/** A route failed: reloads the page and returns true, unless this tab already reloaded for a failure since the last good load. */
export function reloadOnce(): boolean {
  try {
    if (sessionStorage.getItem(KEY)) return false;
    sessionStorage.setItem(KEY, String(Date.now()));
  } catch {
    // No storage (private mode limits): never reload by itself, show the error at once.
    return false;
  }
  pageReloader.reload();
  return true;
}

/** A page loaded: the next failure may reload again. */
export function pageLoaded(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing stored
  }
}
