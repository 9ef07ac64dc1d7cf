/**
 * The production topology, tested against real servers: two `npm run serve -- --role web` instances behind HAProxy
 * (Debian's, with the shipped deploy/haproxy.cfg, health-checking /readyz) and two `ROLE=worker` instances beside
 * them share PostgreSQL, Redis and S3 on a chain deployed by `npm run deploy` only. A member's journey goes through
 * the balancer. The web instance holding a seller's alert socket is killed while their sales' alerts flow: the
 * socket reconnects through the balancer to the other with its last alert id and hears every alert once, in order;
 * the killed instance is started again. Then the worker holding the jobs lease (the indexer) is killed with SIGKILL
 * in the middle of a burst of trades: the other worker takes the lease (never both at once) and indexes every trade
 * once, while the web instances answer every request and run no job. Then members trade by auction and offer with
 * their own wallets: the leading worker's keeper settles the auction once the chain's clock passes its end, and
 * `npm run reindex` must rebuild the auctions, bids and offers too. The figures (failover time, failed requests,
 * settlement) are printed.
 *
 * It needs the real services (DATABASE_URL, REDIS_URL, S3_ENDPOINT, as `.ci/run`'s second run sets them) and
 * is skipped without them, i.e. in the embedded-defaults run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ANVIL_KEYS, itemsAbi } from '@att/contracts';
import { AlertType, HistoryEvent } from '@att/shared';
import pg from 'pg';
import { parseEther, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertRules, dashboardQueries, metricNames } from '../deploy-files';
import { runNpm } from '../run-command';
import { auctionAndOffer } from './auction-offer-journey';
import { differences, snapshot } from './database-snapshot';
import { alertSocket, Balancer, member, traffic, type Member } from './member';
import { freePort, until } from './services';
import type { Instance } from './instance';
import { startStack, type Stack } from './stack';

const realServices = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL && process.env.S3_ENDPOINT);
const PIECES = 40;
const PRICE = parseEther('1');

describe.skipIf(!realServices)('two web instances behind HAProxy, two workers, sharing PostgreSQL, Redis, S3', () => {
  let dir: string;
  let s: Stack;
  let db: pg.Client;
  const api = new Balancer('', traffic());
  let seller: Member;
  let buyer: Member;
  let item: { productId: number; tokenId: string };
  let listing: number;
  const ctx = () => ({ api, mails: s.mails, client: s.pub, d: s.d, rpcUrl: s.anvil.rpcUrl });

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'att-topology-'));
    s = await startStack(dir, process.env.DATABASE_URL!, { workers: 2 });
    (api as { url: string }).url = s.lb.url;
    db = new pg.Client({ connectionString: s.db.url });
    await db.connect();
  }, 600_000);
  afterAll(async () => {
    await db?.end();
    await s?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  const tradeRows = async (hashes: string[]) =>
    (
      await db.query<{ tx_hash: string; n: string }>(
        'SELECT tx_hash, count(*) AS n FROM trade_history WHERE tx_hash = ANY($1) AND event_type = ANY($2) GROUP BY tx_hash',
        [hashes, [HistoryEvent.Sale, HistoryEvent.LazyMintSale]],
      )
    ).rows;

  it('a member signs in, publishes, lists and sells through the balancer; the seller hears the sale on a socket', async () => {
    seller = await member({ ...ctx(), key: ANVIL_KEYS[5] as Hex, name: 'seller' });
    const socket = alertSocket(s.lb.url, seller);
    await socket.ready;
    item = await seller.publish(PIECES, 200);
    listing = await seller.listLazy(item, PIECES, PIECES, PRICE);
    buyer = await member({ ...ctx(), key: ANVIL_KEYS[6] as Hex, name: 'buyer' });
    const hash = await buyer.buy(listing);
    await until(
      "the sale alert on the seller's socket",
      async () => socket.heard.some((h) => h.type === AlertType.ItemSold && h.productIdx === item.productId),
      20_000,
    );
    await until('the sale in the history', async () => (await tradeRows([hash])).length === 1, 10_000);
    socket.close();
    // The web app through the balancer, from either instance: the page and the scripts it names.
    for (let i = 0; i < 2; i++) {
      const page = await fetch(`${s.lb.url}/Marketplace`, { headers: { accept: 'text/html' } }); // as a browser asks for a page
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('<div id="root">');
      const scripts = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]!);
      expect(scripts.length).toBeGreaterThan(0);
      for (const src of scripts) {
        const js = await fetch(new URL(src, s.lb.url));
        expect([js.status, js.headers.get('content-type')], src).toEqual([200, expect.stringContaining('javascript')]);
      }
    }
    // Both instances answered (round robin), and the uploads are in the shared bucket.
    for (const i of s.instances)
      expect(await i.metricSum('att_http_request_duration_seconds_count'), i.name).toBeGreaterThan(0);
    expect(api.t.failed).toBe(0);
  }, 180_000);

  it('a third server on a port another holds stops with one line; a served instance logs only JSON lines', async () => {
    const port = s.instances[0]!.port;
    const metricsPort = String(await freePort());
    const third = await runNpm('serve', [], {
      ...s.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      METRICS_PORT: metricsPort,
    });
    expect(third.code).toBe(1);
    // Besides its JSON log lines (on stdout, and a warning's on stderr): the one line, no stack trace.
    const plain = third.stderr.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('{'));
    expect(plain, third.stderr).toEqual([
      `refused: port ${port} on 127.0.0.1 is in use (another server is listening there: stop it, or set PORT / METRICS_PORT)`,
    ]);
    // Node's and the libraries' warnings (the S3 client's Node notice) come as JSON lines too.
    const notJson = s.instances[0]!.log()
      .split('\n')
      .filter((line) => line.trim() !== '')
      .filter((line) => {
        try {
          return typeof JSON.parse(line) !== 'object';
        } catch {
          return true;
        }
      });
    expect(notJson).toEqual([]);
  }, 120_000);

  it('the shipped alert rules and dashboard name only metrics the served instances export', async () => {
    // A web instance's and a worker's (the indexer's and the keeper's metrics are the workers').
    const scrape = (
      await Promise.all([s.instances[0]!, ...s.workers].map(async (i) => (await fetch(i.metricsUrl)).text()))
    ).join('\n');
    const exported = new Set(
      scrape
        .split('\n')
        .filter((line) => line && !line.startsWith('#'))
        .map((line) => line.split(/[{ ]/)[0]),
    );
    const used = [...alertRules().map((r) => r.expr), ...dashboardQueries().map((q) => q.expr)].flatMap(metricNames);
    expect(used.length).toBeGreaterThan(20);
    expect([...new Set(used)].filter((name) => !exported.has(name))).toEqual([]);
  });

  it('kill -9 of the instance holding a socket while alerts flow: the client reconnects through the balancer with its last id and hears every alert once, in order', async () => {
    const SALES = 8;
    const [x, other] = s.instances as [Instance, Instance];
    const piece = await seller.publish(SALES + 3, 160);
    // Two spare pieces: a purchase whose reply a kill cut off holds one until it expires.
    const sale = await seller.listLazy(piece, SALES + 3, SALES + 3, PRICE);
    const sockets = async (i: typeof x) => (await i.metric('att_websockets_open')) ?? 0;
    // The seller's socket on X (a web instance; a worker dispatches): opened through the balancer until it lands there.
    let socket = alertSocket(s.lb.url, seller);
    for (let attempt = 0; ; attempt++) {
      await socket.ready;
      if ((await sockets(x)) === 1) break;
      expect(attempt, 'the balancer never put the socket on the other instance').toBeLessThan(6);
      socket.close();
      await until('the socket closed on the other', async () => (await sockets(other)) === 0 || undefined, 10_000);
      socket = alertSocket(s.lb.url, seller);
    }
    const sold = () => socket.heard.filter((h) => h.productIdx === piece.productId);
    // A purchase the kill cut off is asked again (through the balancer, now to the other instance).
    const buyOnce = async () => {
      for (let attempt = 0; ; attempt++) {
        try {
          return await buyer.buy(sale);
        } catch (err) {
          if (attempt >= 5) throw err;
          await new Promise((r) => setTimeout(r, 300));
        }
      }
    };
    const selling = (async () => {
      for (let n = 0; n < SALES; n++) await buyOnce();
    })();
    selling.catch(() => undefined);
    await until('three sale alerts heard on X', async () => sold().length >= 3 || undefined, 60_000, 50);
    const killAt = Date.now();
    const heardBeforeKill = sold().length;
    x.signal('SIGKILL');
    await selling;
    await x.exited;
    await until('every sale heard', async () => sold().length >= SALES || undefined, 30_000, 50);
    // One more sale, heard after all the others: a replayed or doubled alert would have come before it.
    await buyOnce();
    await until('the last sale heard', async () => sold().length >= SALES + 1 || undefined, 30_000, 50);
    const outbox = await db.query<{ seq: string }>(
      'SELECT dispatch_seq::text AS seq FROM alerts WHERE address = $1 AND product_idx = $2 AND type = $3 AND retracted_at IS NULL ORDER BY dispatch_seq',
      [seller.address, piece.productId, AlertType.ItemSold],
    );
    expect(outbox.rows).toHaveLength(SALES + 1);
    expect(sold().map((h) => h.id)).toEqual(outbox.rows.map((r) => r.seq));
    // It did lose its socket with X, and holds one on the other now.
    expect(socket.closes.filter((c) => c.at >= killAt).length).toBeGreaterThan(0);
    expect(await sockets(other)).toBe(1);
    const back = socket.subscriptions.find((t) => t > killAt)!;
    console.log(
      `topology socket failover: ${JSON.stringify({ sales: SALES + 1, heardBeforeKill, resubscribedMs: back - killAt, heardAfterKill: sold().filter((h) => h.at > killAt).length })}`,
    );
    socket.close();

    await s.restartKilled(); // X again
  }, 300_000);

  it('kill -9 of the worker holding the jobs lease mid-burst: the other worker takes it within 10 s and indexes every trade once, never two leaders at once; the web instances answer all along and run no job', async () => {
    const burstApi = new Balancer(s.lb.url, traffic());
    const buyers = await Promise.all(
      [7, 8, 9].map((k, n) => member({ ...ctx(), api: burstApi, key: ANVIL_KEYS[k] as Hex, name: `burst${n}` })),
    );
    const leader = await s.leader();
    const survivor = s.workers.find((w) => w !== leader)!;
    const epoch = (await leader.metric('att_jobs_lease_epoch'))!;

    // Both workers watched all along: at no moment do two of them report the lease.
    let watching = true;
    const doubleLeads: number[] = [];
    const watcher = (async () => {
      while (watching) {
        const leads = await Promise.all(s.workers.map((w) => (w.running() ? w.leads().catch(() => false) : false)));
        if (leads.filter(Boolean).length > 1) doubleLeads.push(Date.now());
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    // Four readers hit the balancer all along; the burst's HTTP calls are counted too.
    const reads = new Balancer(s.lb.url, traffic());
    let reading = true;
    const reader = Promise.all(
      [0, 1, 2, 3].map(async () => {
        while (reading) {
          await reads.post('/nft/curation/all', {}).catch(() => undefined);
          await new Promise((r) => setTimeout(r, 10));
        }
      }),
    );
    const hashes: Hex[] = [];
    const buyErrors: string[] = [];
    const buyOnce = async (b: Member) => {
      for (let attempt = 0; ; attempt++) {
        try {
          return await b.buy(listing);
        } catch (err) {
          buyErrors.push(`${Date.now()}: ${(err as Error).message.split('\n')[0]}`);
          if (attempt >= 5) throw err;
          await new Promise((r) => setTimeout(r, 300));
        }
      }
    };
    const burst = Promise.all(
      buyers.map(async (b) => {
        for (let n = 0; n < 5; n++) {
          hashes.push(await buyOnce(b));
          await new Promise((r) => setTimeout(r, 150));
        }
      }),
    );
    burst.catch(() => undefined);
    await until('a few trades before the kill', async () => hashes.length >= 4 || undefined, 60_000, 50);
    const killAt = Date.now();
    const beforeKill = hashes.length;
    leader.signal('SIGKILL');

    const ledAt = await until(
      'the other worker to take the lease',
      async () => ((await survivor.leads()) ? Date.now() : undefined),
      15_000,
      50,
    );
    await burst.catch((err: unknown) => buyErrors.push(`burst: ${String(err)}`));
    const firstAfter = hashes[beforeKill];
    const indexedAt = firstAfter
      ? await until(
          'the first trade sent after the kill to be indexed',
          async () => ((await tradeRows([firstAfter])).length === 1 ? Date.now() : undefined),
          20_000,
          50,
        )
      : NaN;
    reading = false;
    watching = false;
    await Promise.all([reader, watcher]);
    const all = [...reads.t.failures, ...burstApi.t.failures];
    const figures = {
      trades: hashes.length,
      tradesBeforeKill: beforeKill,
      lockTakenMs: ledAt - killAt,
      firstTradeAfterKillIndexedMs: indexedAt - killAt,
      requests: reads.t.ok + reads.t.failed + burstApi.t.ok + burstApi.t.failed,
      failures: all.map((f) => `${f.at - killAt} ms: ${f.what}`),
      purchaseRetries: buyErrors.map((e) => e.replace(/^(\d+)/, (t) => `${Number(t) - killAt} ms`)),
    };
    console.log(`topology worker failover: ${JSON.stringify(figures, null, 2)}`);
    expect(hashes).toHaveLength(15);
    expect(doubleLeads).toEqual([]);
    expect(await survivor.metric('att_jobs_lease_epoch')).toBeGreaterThan(epoch);
    expect(ledAt - killAt).toBeLessThan(10_000);

    // No trade lost or doubled: one history row per buyNft, the listing and every holding as on chain.
    await until(
      'every trade indexed',
      async () => (await tradeRows(hashes)).length === hashes.length || undefined,
      20_000,
    );
    const rows = await tradeRows(hashes);
    expect(rows.every((r) => r.n === '1')).toBe(true);
    const l = await db.query<{ remaining: number }>('SELECT remaining FROM listings WHERE listing_idx = $1', [
      String(listing),
    ]);
    expect(l.rows[0]!.remaining).toBe(PIECES - 1 - hashes.length);
    for (const b of buyers) {
      const onChain = await s.pub.readContract({
        address: s.d.items,
        abi: itemsAbi,
        functionName: 'balanceOf',
        args: [b.address, BigInt(item.tokenId)],
      });
      const inv = await db.query<{ amount: number }>(
        'SELECT amount FROM inventory WHERE holder_address = $1 AND item_idx = $2',
        [b.address, item.productId],
      );
      expect(BigInt(inv.rows[0]?.amount ?? 0), b.name).toBe(onChain);
      expect(onChain).toBe(5n);
    }
    // The web instances never lost a request, stayed in the pool, and never ran a job nor held the lease.
    expect(all).toEqual([]);
    expect([...reads.t.resent, ...burstApi.t.resent]).toEqual([]);
    expect((await s.lb.servers()).map((x) => x.status)).toEqual(['UP', 'UP']);
    for (const w of s.instances) {
      expect(await w.leads(), w.name).toBe(false);
      expect(await w.metricSum('att_job_runs_total'), w.name).toBe(0);
    }
  }, 300_000);

  let traded: Awaited<ReturnType<typeof auctionAndOffer>>;
  it("an offer accepted in part and an English auction settled by the leader's keeper, with the members' own wallets through the balancer", async () => {
    await s.restartKilled(); // both workers run again (the burst killed the leader)
    const collector = await member({ ...ctx(), key: ANVIL_KEYS[4] as Hex, name: 'collector' });
    traded = await auctionAndOffer({ s, api, seller, bidder: buyer, collector });
    expect(api.t.failed).toBe(0);
  }, 180_000);

  it('npm run reindex after the trade tables are lost gives the same database; npm run check-chain lists each difference', async () => {
    // The operator stops the servers first (reindex refuses while one holds the jobs lease).
    const running = [...s.instances, ...s.workers].filter((i) => i.running());
    const held = await runNpm('reindex', ['--yes'], s.env);
    if (running.some(Boolean)) expect(held.stderr).toMatch(/a running server holds the jobs lease/);
    for (const i of running) i.signal('SIGTERM');
    await Promise.all([...s.instances, ...s.workers].map((i) => i.exited));

    const agree = await runNpm('check-chain', [], s.env);
    expect(agree.stdout.trim().split('\n').at(-1), agree.stdout + agree.stderr).toBe('database and chain agree');
    expect(agree.code).toBe(0);
    const before = await snapshot(db);
    expect(before.trade_history!.length).toBeGreaterThan(15);

    // Lost: the chain's history rows, every holding, the indexer's own tables; and a listing's count gone wrong.
    await db.query('DELETE FROM trade_history WHERE tx_hash IS NOT NULL');
    await db.query('DELETE FROM inventory');
    await db.query('DELETE FROM chain_logs; DELETE FROM indexer_blocks; DELETE FROM indexer_cursor');
    await db.query('UPDATE listings SET remaining = quantity WHERE listing_idx = $1', [String(listing)]);
    await db.query('UPDATE offers SET remaining = quantity WHERE offer_idx = $1', [traded.offerIdx]);
    const drift = await runNpm('check-chain', [], s.env);
    expect(drift.code).toBe(1);
    const lines = drift.stdout.trim().split('\n');
    expect(lines).toEqual(
      expect.arrayContaining(
        [
          /^indexer: cursor at none/,
          new RegExp(`^listing ${listing}\\b.*remaining`),
          new RegExp(`^offer ${traded.offerIdx}: remaining 3, chain 1$`),
        ].map((re) => expect.stringMatching(re)),
      ),
    );
    expect(lines.at(-1)).toMatch(/^\d+ difference\(s\)$/);

    const refused = await runNpm('reindex', [], s.env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/back up the database, then run with --yes/);
    const rebuilt = await runNpm('reindex', ['--yes'], s.env);
    expect(rebuilt.code, rebuilt.stderr).toBe(0);
    const diffs = differences(before, await snapshot(db));
    expect(
      Object.entries(diffs).map(([table, d]) => `${table}: ${d.missing.length} missing, ${d.extra.length} extra`),
      JSON.stringify(diffs, null, 1),
    ).toEqual([]);
    expect((await runNpm('check-chain', [], s.env)).code).toBe(0);
  }, 300_000);
});
