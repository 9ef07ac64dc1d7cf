/**
 * How far the indexer trails the chain, as every instance sees it (the cursor is in the shared database, so an
 * instance that does not lead still sees the leader's progress): blocks between the confirmed head and the cursor,
 * and seconds between their blocks' times. `/readyz` fails when the node does not answer or the lag passes
 * `READY_MAX_LAG_BLOCKS`; the metrics give both numbers, the head and the cursor.
 */
import type { FastifyInstance } from 'fastify';
import { Gauge } from 'prom-client';
import { numberToHex } from 'viem';
import { claimsRepository } from './indexer/claims-repository';
import type { TradingChain } from './market-chain';

export interface IndexerLag {
  head: number;
  cursor: number | undefined;
  blocks: number;
  seconds: number;
}

export function indexerLag(app: FastifyInstance, chain: () => TradingChain) {
  const claims = claimsRepository(app.db, app.config.chainId);
  const { confirmations, startBlock } = app.config.trading;
  const times = new Map<number, number>();
  const blockTime = async (n: number): Promise<number> => {
    const known = times.get(n);
    if (known !== undefined) return known;
    const b = (await chain().client.request({ method: 'eth_getBlockByNumber', params: [numberToHex(n), false] })) as { timestamp?: string } | null;
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

/** The chain's readiness check and the indexer's lag metrics. */
export function registerChainHealth(app: FastifyInstance, chain: () => TradingChain): void {
  const lag = indexerLag(app, chain);
  const { maxLagBlocks } = app.config.ready;
  app.health.addCheck('chain', async () => {
    const l = await lag();
    return l.blocks > maxLagBlocks ? `indexer ${l.blocks} blocks (${l.seconds} s) behind the chain's head ${l.head} (READY_MAX_LAG_BLOCKS ${maxLagBlocks})` : undefined;
  });
  const registers = [app.metrics.registry];
  const gauge = (name: string, help: string, pick: (l: IndexerLag) => number | undefined) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        const l = await lag().catch(() => undefined);
        const v = l && pick(l);
        if (v === undefined) this.reset();
        else this.set(v);
      },
    });
  gauge('att_indexer_lag_blocks', 'Confirmed blocks the indexer has not applied yet (absent while the node does not answer)', (l) => l.blocks);
  gauge('att_indexer_lag_seconds', 'Seconds between the confirmed head block and the last indexed block', (l) => l.seconds);
  gauge('att_chain_head_block', "The chain's head block as the node reports it", (l) => l.head);
  gauge('att_indexer_cursor_block', 'The last block the indexer applied', (l) => l.cursor);
  new Gauge({
    name: 'att_chain_up',
    help: '1 when the chain node answered the last scrape',
    registers,
    async collect() {
      this.set((await lag().then(() => 1).catch(() => 0)));
    },
  });
}
