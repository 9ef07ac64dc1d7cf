/**
 * New blocks by subscription (`eth_subscribe newHeads` over a websocket): each one calls `onBlock` (the indexer's
 * wake-up), so a block is indexed as soon as the node has it instead of at the next poll; the poll runs all the
 * same, so a dropped subscription only makes the indexer wait for it again. A subscription that drops is opened
 * again after RETRY_MS; in `auto` mode, a ws twin of an http URL that never connected is given up (the node has none).
 */
import { webSocket } from 'viem';

const RETRY_MS = 2_000;

/** The websocket URL for the config's `ws` mode and RPC URL (undefined: poll only). */
export function newHeadsUrl(mode: string | undefined, rpcUrl: string): string | undefined {
  if (mode === undefined || mode === 'off') return undefined;
  if (mode !== 'auto') return mode;
  const u = new URL(rpcUrl);
  if (u.protocol === 'ws:' || u.protocol === 'wss:') return rpcUrl;
  u.protocol = u.protocol === 'https:' ? 'wss:' : 'ws:';
  return u.toString();
}

export interface NewHeadsOptions {
  url: string;
  /** True when the URL is only a guess (the http URL's twin): give up if it never connects. */
  guessed: boolean;
  onBlock(n: bigint): void;
  log(msg: string, err?: unknown): void;
}

export interface NewHeads {
  /** Whether the subscription is open now (tests wait for it). */
  listening(): boolean;
  stop(): void;
}

export function watchNewHeads(o: NewHeadsOptions): NewHeads {
  let stopped = false;
  let connected = false;
  let retry: NodeJS.Timeout | undefined;
  let current: { unwatch?: () => void; close(): void } | undefined;
  const drop = () => {
    const c = current;
    current = undefined;
    c?.unwatch?.();
    // Closing the socket client also takes it out of viem's cache (a dead one would be handed out again).
    c?.close();
  };
  /** `from`: the subscription that failed (a stale one's late errors are ignored). */
  const lost = (from: typeof current, err: unknown) => {
    if (from !== current) return;
    drop();
    if (stopped) return;
    if (o.guessed && !connected) return o.log(`indexer: no newHeads subscription at ${o.url}: polling only`, err);
    o.log('indexer: newHeads subscription lost: polling until it is back', err);
    retry = setTimeout(() => void open(), RETRY_MS);
  };
  const open = async () => {
    if (stopped) return;
    const ws = webSocket(o.url, { reconnect: false, retryCount: 0 })({}).value!;
    let socket: { close(): void };
    try {
      socket = await ws.getRpcClient();
    } catch (err) {
      return lost(undefined, err);
    }
    if (stopped) return socket.close();
    connected = true;
    const entry: NonNullable<typeof current> = { close: () => socket.close() };
    current = entry;
    try {
      // viem's watchBlockNumber does the same on a webSocket transport (poll: false): eth_subscribe newHeads.
      const sub = await ws.subscribe({
        params: ['newHeads'],
        onData: (d: { result?: { number?: string } }) => {
          if (d.result?.number !== undefined) o.onBlock(BigInt(d.result.number));
        },
        onError: (err) => lost(entry, err),
      });
      entry.unwatch = () => void sub.unsubscribe().catch(() => undefined);
      if (current !== entry) entry.unwatch();
    } catch (err) {
      lost(entry, err);
    }
  };
  void open();
  return {
    listening: () => current?.unwatch !== undefined,
    stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      drop();
    },
  };
}
