/**
 * How far the indexer trails the chain, as every instance sees it (the cursor is in the shared database, so an
 * instance that does not lead still sees the leader's progress): blocks between the confirmed head and the cursor,
 * and seconds between their blocks' times. The chain is a dependency of `/readyz` (reported, never a reason to
 * leave the balancer): down when the node does not answer or the lag passes `READY_MAX_LAG_BLOCKS`. The metrics
 * give both numbers, the head and the cursor; a scrape waits for the node at most SCRAPE_WAIT_MS, and what it could
 * not learn in that time is NaN (unknown), never a stale or zero lag.
 */
import { Gauge } from 'prom-client';
import { formatEther, numberToHex } from 'viem';
import { within } from '../../platform/observability/within';
import { claimsRepository } from './indexer/claims-repository';
import type { TradingChain } from './market-chain';
import type { Uses } from '../../platform/deps';

export interface IndexerLag {
  head: number;
  cursor: number | undefined;
  blocks: number;
  seconds: number;
}

export function indexerLag(deps: Uses<'db' | 'config'>, chain: () => TradingChain) {
  const claims = claimsRepository(deps.db, deps.config.chainId);
  const { confirmations, startBlock } = deps.config.trading;
  const times = new Map<number, number>();
  const blockTime = async (n: number): Promise<number> => {
    const known = times.get(n);
    if (known !== undefined) return known;
    const b = (await chain().client.request({ method: 'eth_getBlockByNumber', params: [numberToHex(n), false] })) as {
      timestamp?: string;
    } | null;
    const t = b?.timestamp ? Number(b.timestamp) : 0;
    if (times.size > 64) times.clear();
    times.set(n, t);
    return t;
  };
  let inFlight: Promise<IndexerLag> | undefined;
  const measure = async (): Promise<IndexerLag> => {
    const [head, c] = await Promise.all([chain().client.getBlockNumber({ cacheTime: 0 }), claims.cursor()]);
    const safe = Math.max(Number(head) - confirmations, 0);
    const cursor = c ? Number(c.block_number) : undefined;
    const from = cursor ?? startBlock - 1;
    const blocks = Math.max(safe - from, 0);
    const seconds = blocks === 0 ? 0 : Math.max((await blockTime(safe)) - (await blockTime(Math.max(from, 0))), 0);
    return { head: Number(head), cursor, blocks, seconds };
  };
  return (): Promise<IndexerLag> => (inFlight ??= measure().finally(() => setImmediate(() => (inFlight = undefined))));
}

/** How long a scrape waits for the node (a hung node must not hold `/metrics`: Prometheus times out at 10 s). */
export const SCRAPE_WAIT_MS = 500;

/** The chain's health (a dependency) and the indexer's lag metrics. */
export function registerChainHealth(
  deps: Uses<'db' | 'config' | 'health' | 'metrics'>,
  chain: () => TradingChain,
): void {
  const lag = indexerLag(deps, chain);
  const { maxLagBlocks } = deps.config.ready;
  deps.health.addCheck(
    'chain',
    async () => {
      const l = await lag();
      return l.blocks > maxLagBlocks
        ? `indexer ${l.blocks} blocks (${l.seconds} s) behind the chain's head ${l.head} (READY_MAX_LAG_BLOCKS ${maxLagBlocks})`
        : undefined;
    },
    { kind: 'dependency' },
  );
  // One measurement per scrape, shared by the gauges below (each collect() asks; the first starts it).
  let scrape: Promise<IndexerLag | undefined> | undefined;
  const current = () =>
    (scrape ??= within(lag(), SCRAPE_WAIT_MS).finally(() => setTimeout(() => (scrape = undefined), 50)));
  const registers = [deps.metrics.registry];
  const gauge = (name: string, help: string, pick: (l: IndexerLag) => number | undefined) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        const l = await current();
        this.set(l ? (pick(l) ?? Number.NaN) : Number.NaN);
      },
    });
  gauge(
    'att_indexer_lag_blocks',
    'Confirmed blocks the indexer has not applied yet (NaN while the node does not answer: unknown)',
    (l) => l.blocks,
  );
  gauge(
    'att_indexer_lag_seconds',
    'Seconds between the confirmed head block and the last indexed block (NaN: unknown)',
    (l) => l.seconds,
  );
  gauge(
    'att_chain_head_block',
    "The chain's head block as the node reports it (NaN: the node did not answer)",
    (l) => l.head,
  );
  gauge('att_indexer_cursor_block', 'The last block the indexer applied', (l) => l.cursor);
  new Gauge({
    name: 'att_chain_up',
    help: `1 when the chain node answered this scrape within ${SCRAPE_WAIT_MS} ms`,
    registers,
    async collect() {
      this.set((await current()) ? 1 : 0);
    },
  });
}

/** Below this the keeper cannot be trusted to settle a busy day's auctions (about 100 settlements at 25 gwei). */
export const KEEPER_LOW_BALANCE_WEI = 10n ** 18n;

/** The keeper's balance as a dependency (low: members can still settle from the item page) and a gauge. */
export function registerKeeperHealth(
  deps: Uses<'health' | 'metrics'>,
  chain: () => TradingChain,
  keeper: `0x${string}`,
): void {
  const balance = () => chain().client.getBalance({ address: keeper });
  deps.health.addCheck(
    'keeper',
    async () => {
      const wei = await balance();
      return wei < KEEPER_LOW_BALANCE_WEI
        ? `keeper ${keeper} holds ${formatEther(wei)}, below ${formatEther(KEEPER_LOW_BALANCE_WEI)} (fund it: settlements stop when it runs dry)`
        : undefined;
    },
    { kind: 'dependency', cacheMs: 30_000 },
  );
  new Gauge({
    name: 'att_keeper_balance',
    help: "The keeper account's balance in the chain's coin (NaN: the node did not answer)",
    registers: [deps.metrics.registry],
    async collect() {
      const wei = await within(balance(), SCRAPE_WAIT_MS);
      this.set(wei === undefined ? Number.NaN : Number(formatEther(wei)));
    },
  });
}
