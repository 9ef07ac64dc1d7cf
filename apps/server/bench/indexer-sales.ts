/**
 * Indexer catch-up benchmark, sales mix (part of `npm run bench -w @att/server`, next to the counter mix of
 * indexer.ts): a fresh anvil with the contracts and the app's database (PGlite; PostgreSQL when DATABASE_URL is
 * set), BENCH_INDEXER_SALES (1,000) distinct single-piece lazy listings of one item, each reserved for one of eight
 * buyers (listing and reservation written through the order book's repositories and the Buy signed by the
 * validator, as the endpoints do, without their per-member limits), then every buyer's `buyNft` sent, mined 100
 * per block: per sale a `NftBought` and a `TransferSingle` (the mint). Then (1) bare viem getLogs over the block
 * ranges (one untimed pass, then four timed, median) and (2) one timed catch-up of the indexer from the deployment
 * block (each sale settles its listing and reservation, moves the pieces, writes a sale history row with its USD
 * value, the item's trade columns and sale summary, and the seller's alert). One catch-up: a sale applies once, so
 * a second round would need the database as it was. Prints events/s of both and the ratio (target >= 0.5).
 */
import { hashListing, marketAbi, type Listing } from '@att/contracts';
import { HistoryEvent, SaleType } from '@att/shared';
import { sql } from 'kysely';
import { encodeFunctionData, getAddress, zeroAddress, type Hex } from 'viem';
import { insertListing, reserve } from '../src/modules/trading/order-book';
import { chainTest, publish, testIndexer, trader } from '../test/chain';

const SALES = Number(process.env.BENCH_INDEXER_SALES ?? 1000);
const PER_BLOCK = 100;
/** Blocks per getLogs call and per indexer range (as in the counter mix). */
const BATCH_BLOCKS = 5;
const PRICE = 10n ** 18n;
const HOLD_S = 86_400;

async function main() {
  const c = await chainTest({
    config: { trading: { startBlock: 0, confirmations: 0, indexer: false, pollMs: 50, reservationSeconds: HOLD_S } },
  });
  try {
    const chain = c.t.app.trading.chain;
    const seller = await trader(c, 1);
    const buyers = [];
    for (const i of [2, 3, 4, 5, 6, 7, 8, 9]) buyers.push(await trader(c, i));
    const item = await publish(c, seller, SALES);

    console.log(`Listing and reserving ${SALES} single pieces…`);
    const t0 = performance.now();
    const now = new Date();
    const base: Listing = {
      seller: getAddress(seller.address),
      collection: getAddress(c.d.items),
      itemId: BigInt(item.tokenId),
      token: zeroAddress,
      pricePerOne: PRICE,
      amount: 1n,
      editionSize: BigInt(SALES),
      royaltyBps: 500n,
      feeBps: 250n,
      expiry: BigInt(Math.floor(now.getTime() / 1000) + HOLD_S),
      salt: 0n,
      counter: 0n,
    };
    const calls: { from: Hex; data: Hex }[] = [];
    for (let i = 0; i < SALES; i++) {
      const listing = { ...base, salt: BigInt(i + 1) };
      const signature = await seller.signListing(listing);
      const listingHash = hashListing(chain.domain, listing);
      const buyer = buyers[i % buyers.length]!;
      const held = await c.t.db.transaction().execute(async (trx) => {
        const listingIdx = await insertListing(trx, {
          item_idx: item.productId,
          seller_address: seller.address,
          sale_type: SaleType.Fixed,
          symbol: 'KLAY',
          unit_price: PRICE.toString(),
          quantity: 1,
          expires_at: new Date(Number(listing.expiry) * 1000),
          token_address: zeroAddress,
          collection_address: c.d.items.toLowerCase(),
          edition_size: SALES,
          royalty_bps: 500,
          fee_bps: 250,
          expiry: listing.expiry.toString(),
          salt: listing.salt.toString(),
          counter: '0',
          signature: signature.toLowerCase(),
          listing_hash: listingHash,
        });
        const r = await reserve(trx, {
          listingIdx: listingIdx!,
          buyer: buyer.address,
          quantity: 1,
          now,
          holdSeconds: HOLD_S,
        });
        if ('refused' in r) throw new Error(`reservation ${i}: ${r.refused}`);
        return r;
      });
      const reservation = {
        buyer: getAddress(buyer.address),
        amount: 1n,
        id: BigInt(held.reservationId),
        expiry: BigInt(Math.floor(held.until.getTime() / 1000)),
      };
      const buySignature = await chain.sign('Buy', { listingHash, ...reservation });
      calls.push({
        from: buyer.address,
        data: encodeFunctionData({
          abi: marketAbi,
          functionName: 'buyNft',
          args: [listing, signature, reservation, buySignature],
        }),
      });
    }
    console.log(`  ${((performance.now() - t0) / 1000).toFixed(1)} s; sending the purchases…`);
    await c.rpc('evm_setAutomine', [false]);
    const nonces = new Map<string, number>();
    for (const b of buyers)
      nonces.set(b.address, await c.client.getTransactionCount({ address: b.address, blockTag: 'pending' }));
    for (let sent = 0; sent < calls.length; sent += PER_BLOCK) {
      await Promise.all(
        calls.slice(sent, sent + PER_BLOCK).map((x) => {
          const nonce = nonces.get(x.from)!;
          nonces.set(x.from, nonce + 1);
          return c.rpc('eth_sendTransaction', [
            {
              from: x.from,
              to: c.d.market,
              data: x.data,
              value: `0x${PRICE.toString(16)}`,
              gas: '0x61a80',
              nonce: `0x${nonce.toString(16)}`,
            },
          ]);
        }),
      );
      await c.rpc('evm_mine');
    }
    await c.rpc('evm_setAutomine', [true]);
    const head = await c.client.getBlockNumber();

    const bareFetch = async () => {
      let n = 0;
      for (let from = BigInt(c.d.deployBlock); from <= head; from += BigInt(BATCH_BLOCKS)) {
        const to = from + BigInt(BATCH_BLOCKS) - 1n < head ? from + BigInt(BATCH_BLOCKS) - 1n : head;
        n += (await c.client.getLogs({ address: [c.d.market, c.d.items], fromBlock: from, toBlock: to })).length;
      }
      return n;
    };
    const timed = async <T>(f: () => Promise<T>): Promise<[T, number]> => {
      const t = performance.now();
      const r = await f();
      return [r, performance.now() - t];
    };
    await bareFetch();
    const bareRuns: number[] = [];
    let bare = 0;
    for (let i = 0; i < 2; i++) [bare, bareRuns[bareRuns.length]] = await timed(bareFetch);
    const [applied, indexMs] = await timed(() => testIndexer(c, { batchBlocks: BATCH_BLOCKS }).catchUp());
    for (let i = 0; i < 2; i++) [bare, bareRuns[bareRuns.length]] = await timed(bareFetch);

    const sales = await sql<{ n: number; usd: number }>`
      SELECT count(*)::int AS n, count(usd_value)::int AS usd FROM trade_history WHERE event_type IN (${HistoryEvent.Sale}, ${HistoryEvent.LazyMintSale})`.execute(
      c.t.db,
    );
    const { n, usd } = sales.rows[0]!;
    if (n !== SALES || usd !== SALES) throw new Error(`${n} sale rows (${usd} with USD) for ${SALES} sales`);
    const bareMs = [...bareRuns].sort((x, y) => x - y)[Math.floor(bareRuns.length / 2)]!;
    const rate = (k: number, ms: number) => (k / (ms / 1000)).toFixed(0);
    console.log(
      `\nIndexer catch-up, sales mix: ${SALES} purchases of distinct listings (${bare} logs: NftBought + TransferSingle and the setup's), ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}:`,
    );
    console.log(
      `  indexer   ${(indexMs / 1000).toFixed(2)} s  ${rate(bare, indexMs)} logs/s (one catch-up; ${applied} logs applied with effects; ${n} sale rows with USD)`,
    );
    console.log(
      `  bare viem ${(bareMs / 1000).toFixed(2)} s  ${rate(bare, bareMs)} logs/s (getLogs of the same logs; median of ${bareRuns.length}: ${bareRuns.map((x) => (x / 1000).toFixed(2)).join(' / ')} s)`,
    );
    console.log(`  ratio     ${(bareMs / indexMs).toFixed(2)} (indexer rate / bare rate; target >= 0.5)`);
  } finally {
    await c.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
