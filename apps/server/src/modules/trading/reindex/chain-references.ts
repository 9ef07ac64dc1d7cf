/**
 * What a rebuild needs to know about the chain before it replays it (read with no database transaction open): the
 * blocks that hold marketplace logs, their times, and which listings (by hash) and transfer permits (by id) each
 * block's logs name, so an order-book row is back in place before the first log that acts on it.
 */
import { itemsAbi, marketAbi } from '@att/contracts';
import { numberToHex, type Hex, type PublicClient } from 'viem';
import { logDecoder } from '../indexer/log-decoder';

const decode = logDecoder(
  [...marketAbi, ...itemsAbi],
  new Set(['NftBought', 'ListingCancelled', 'TransferredWithMint', 'TransferSingle', 'TransferBatch']),
);

export interface ChainBlock {
  number: number;
  /** Seconds. */
  time: number;
  listingHashes: Set<string>;
  permitIds: Set<string>;
}

interface RawLog {
  address: string;
  topics: Hex[];
  data: Hex;
  blockNumber: Hex;
  blockTimestamp?: Hex;
  removed?: boolean;
}

export async function chainReferences(
  client: PublicClient,
  o: { market: string; items: string; from: number; to: number; batchBlocks?: number },
): Promise<ChainBlock[]> {
  const blocks = new Map<number, ChainBlock>();
  let span = o.batchBlocks ?? 2000;
  for (let from = o.from; from <= o.to;) {
    const to = Math.min(from + span - 1, o.to);
    let raw: RawLog[];
    try {
      raw = (await client.request({
        method: 'eth_getLogs',
        params: [
          { address: [o.market as Hex, o.items as Hex], fromBlock: numberToHex(from), toBlock: numberToHex(to) },
        ],
      })) as RawLog[];
    } catch (err) {
      if (span === 1) throw err;
      span = Math.max(1, Math.floor(span / 2));
      continue;
    }
    for (const r of raw) {
      if (r.removed) continue;
      const d = decode(r);
      if (!d) continue;
      const n = Number(r.blockNumber);
      let b = blocks.get(n);
      if (!b)
        blocks.set(
          n,
          (b = {
            number: n,
            time: r.blockTimestamp ? Number(r.blockTimestamp) : -1,
            listingHashes: new Set(),
            permitIds: new Set(),
          }),
        );
      if (d.eventName === 'NftBought' || d.eventName === 'ListingCancelled') b.listingHashes.add(d.args.listingHash!);
      if (d.eventName === 'TransferredWithMint') b.permitIds.add(d.args.id!);
    }
    from = to + 1;
  }
  for (const b of blocks.values()) {
    if (b.time >= 0) continue;
    const block = (await client.request({
      method: 'eth_getBlockByNumber',
      params: [numberToHex(b.number), false],
    })) as { timestamp?: Hex } | null;
    b.time = block?.timestamp ? Number(block.timestamp) : 0;
  }
  return [...blocks.values()].sort((a, b) => a.number - b.number);
}
