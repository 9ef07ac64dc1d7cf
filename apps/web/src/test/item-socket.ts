/**
 * The page's item socket in component tests: `quietItemSocket()` (in a `beforeEach`) keeps a real socket from
 * opening, and `itemEvent(id)` delivers an item's public event as the server's indexer would send it.
 */
import { vi } from 'vitest';
import { alertSocket } from '../features/alerts';

export function quietItemSocket() {
  vi.spyOn(alertSocket, 'watch').mockImplementation(() => undefined);
}

export function itemEvent(productId: number) {
  (alertSocket as unknown as { options: { onItemEvent: (p: number) => void } }).options.onItemEvent(productId);
}
