/**
 * The indexer's reads of the chain, raw (the indexer needs no formatted logs or blocks): a range's logs of the
 * Market and Items decoded and put in the order they apply, block hashes, block times.
 */
import { itemsAbi, marketAbi } from '@att/contracts';
import { numberToHex, type Address, type Hex, type PublicClient } from 'viem';
import { INDEXED_EVENTS, isDated } from './events';
import { logDecoder, type DecodedLog } from './log-decoder';

const decode = logDecoder([...marketAbi, ...itemsAbi], INDEXED_EVENTS);

/** A log as the node sends it (quantities in hex): read without viem's per-log formatting, which the indexer
 * does not need (it decodes topics and data itself). */
export interface RpcLog {
  address: string;
  topics: Hex[];
  data: Hex;
  blockNumber: Hex;
  blockHash: Hex;
  transactionHash: Hex;
  transactionIndex: Hex;
  logIndex: Hex;
  /** The block's time (seconds), which newer nodes (geth 1.16+, anvil) send with each log; else read per block. */
  blockTimestamp?: Hex;
  removed?: boolean;
}
/** A decoded log of the Market or the Items contract (block numbers fit a double on every chain). */
export interface Log {
  blockNumber: number;
  blockHash: string;
  transactionHash: string;
  transactionIndex: number;
  logIndex: number;
  /** Seconds; undefined when the node sent none (filled from the block for logs with effects). */
  blockTime: number | undefined;
  isMarket: boolean;
  d: DecodedLog;
}
/** a > b for decimal integer strings without leading zeros (no BigInt per log). */

export interface Fetched {
  from: bigint;
  to: bigint;
  toHash: string;
  /** The chain's hash of block `from - 1` when the range was read: the reorg check of the step that uses it. */
  parentHash: string | undefined;
  raw: RpcLog[];
}

export function chainReader(client: PublicClient, market: Address, items: Address) {
  const marketLc = market.toLowerCase();
  const itemsLc = items.toLowerCase();
  /** The node's logs of our two contracts, decoded, in the order they apply: by block and transaction, and within
   * a transaction the Market's bookkeeping (reservation, listing) before the pieces move. */
  function readLogs(raw: RpcLog[]): Log[] {
    const logs: Log[] = [];
    for (const r of raw) {
      if (r.removed) continue;
      const address = r.address.toLowerCase();
      if (address !== marketLc && address !== itemsLc) continue;
      const d = decode(r);
      if (!d) continue;
      logs.push({
        blockNumber: Number(r.blockNumber),
        blockHash: r.blockHash.toLowerCase(),
        transactionHash: r.transactionHash.toLowerCase(),
        transactionIndex: Number(r.transactionIndex),
        logIndex: Number(r.logIndex),
        blockTime: r.blockTimestamp === undefined ? undefined : Number(r.blockTimestamp),
        isMarket: address === marketLc,
        d,
      });
    }
    return logs.sort((x, y) =>
      x.blockNumber !== y.blockNumber
        ? x.blockNumber - y.blockNumber
        : x.transactionIndex !== y.transactionIndex
          ? x.transactionIndex - y.transactionIndex
          : x.isMarket !== y.isMarket
            ? x.isMarket
              ? -1
              : 1
            : x.logIndex - y.logIndex,
    );
  }

  /** History rows are dated by their block. A node that sends no time with its logs is asked per block, only for
   * the blocks of logs with marketplace effects (a counter alone writes no history). */
  async function fillBlockTimes(logs: Log[]): Promise<void> {
    const missing = new Set<number>();
    for (const l of logs) if (l.blockTime === undefined && isDated(l.d.eventName)) missing.add(l.blockNumber);
    if (missing.size === 0) return;
    const times = new Map<number, number>();
    await Promise.all(
      [...missing].map(async (n) => {
        const b = (await client.request({ method: 'eth_getBlockByNumber', params: [numberToHex(n), false] })) as {
          timestamp?: Hex;
        } | null;
        if (b?.timestamp) times.set(n, Number(b.timestamp));
      }),
    );
    for (const l of logs) if (l.blockTime === undefined) l.blockTime = times.get(l.blockNumber);
  }

  /** The chain's hash of a block (lower-case), read raw: the indexer needs no formatted block. */
  async function blockHash(n: bigint): Promise<string | undefined> {
    const b = (await client.request({ method: 'eth_getBlockByNumber', params: [numberToHex(n), false] })) as {
      hash?: string;
    } | null;
    return b?.hash?.toLowerCase();
  }

  /**
   * The hash of `to` first, then the logs, then the hash of the block before `from`. The hash of `to` before the
   * logs: a reorg between the two leaves a stale cursor hash, which the next step's check catches (the other order
   * could pair orphaned logs with the new chain's hash). The parent's hash after the logs: a reorg of the cursor's
   * block before the logs were read shows in it, so logs of a new chain are never applied on top of the old one.
   */
  async function fetchRange(from: bigint, to: bigint): Promise<Fetched> {
    const toHash = await blockHash(to);
    if (!toHash) throw new Error(`block ${to} not found`);
    const raw = (await client.request({
      method: 'eth_getLogs',
      params: [{ address: [market, items], fromBlock: numberToHex(from), toBlock: numberToHex(to) }],
    })) as RpcLog[];
    const parentHash = from > 0n ? await blockHash(from - 1n) : undefined;
    return { from, to, toHash, parentHash, raw };
  }
  return { readLogs, fillBlockTimes, blockHash, fetchRange };
}
