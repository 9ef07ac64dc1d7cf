/**
 * Holding a step while it runs, so a journey can look at (or act during) a state that would otherwise pass too
 * quickly on a fast machine and too slowly on a loaded one: a page's call to our API, or a test wallet's method.
 * Nothing is answered in place of the real parts; the held request goes on unchanged when released.
 */
import { API_BASE } from '@att/shared';
import type { Page } from 'playwright-core';
import type { TestWallet } from './wallet';

/** Holds the page's calls to `path` (under the API base) until released; after the release they pass straight through. */
export async function holdApi(page: Page, path: string): Promise<() => Promise<void>> {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const pattern = `**${API_BASE}${path}`;
  await page.route(pattern, async (route) => {
    await gate;
    await route.fallback();
  });
  return async () => {
    release();
    await page.unroute(pattern);
  };
}

/**
 * Holds the test wallet's `method` calls until released (to photograph a step while it runs); after the release
 * they pass straight through. Holds stack: each wraps the wallet's dispatch as it finds it.
 */
export function holdWallet(wallet: TestWallet, method: string): () => void {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const w = wallet as unknown as { dispatch(m: string, p: unknown[]): Promise<unknown> };
  const inner = w.dispatch.bind(wallet);
  w.dispatch = async (m, p) => {
    if (m === method) await gate;
    return inner(m, p);
  };
  return release;
}
