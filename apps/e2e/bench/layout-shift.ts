/**
 * `npm run bench -w @att/e2e` (part of the root `npm run bench`): how much each page of the route table jumps as it
 * loads on a phone, against the real stack (anvil, PGlite, demo catalogue, the production web build).
 *
 * 1. Chromium at 390 × 844 with mobile emulation, a 1.6 Mbps link with 150 ms round trips and the CPU slowed 4 ×
 *    (CDP `Network.emulateNetworkConditions`, `Emulation.setCPUThrottlingRate`), cache empty: the cumulative layout
 *    shift (`layout-shift` entries without recent input, summed per session window — gaps under 1 s, windows up to
 *    5 s — the largest window counts, as Lighthouse does) and the largest contentful paint, per route.
 * 2. Lighthouse 12 (mobile preset, simulated throttling) on the same routes: the performance score, its layout shift
 *    and total blocking time, and the accessibility score. `LIGHTHOUSE=off` skips it.
 *
 * LAYOUT_SHIFT_WEB_DIST serves another build (e.g. one made before a change) for a before/after.
 */
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Browser } from 'playwright-core';
import type { Stack } from '../../../scripts/lib/stack';
import { withCatalogueStack } from './catalogue-stack';
import { OBSERVE_LAYOUT, readLayout, sessionWindowCls } from '../src/layout-shift';

const PHONE_LINK = { latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
const CPU_SLOWDOWN = 4;
/** After the network is idle, how long the page is watched for late shifts. */
const SETTLE_MS = 3_000;

interface Route {
  name: string;
  path: string;
}

/** The route table with real parameters from the demo catalogue. */
async function routeTable(stack: Stack): Promise<Route[]> {
  const artist = await stack.db
    .selectFrom('members')
    .select(['member_idx', 'user_name'])
    .where('user_name', '=', 'demo_artist')
    .executeTakeFirstOrThrow();
  const collection = await stack.db
    .selectFrom('collections')
    .select('collection_idx')
    .where('member_idx', '=', artist.member_idx)
    .orderBy('collection_idx')
    .executeTakeFirstOrThrow();
  const item = await stack.db
    .selectFrom('items')
    .select(['item_idx', 'name'])
    .where('collection_idx', '=', collection.collection_idx)
    .orderBy('item_idx')
    .executeTakeFirstOrThrow();
  const word = item.name.split(/\s+/)[0] ?? item.name;
  return [
    { name: 'home', path: '/' },
    { name: 'marketplace', path: '/Marketplace' },
    { name: 'search', path: `/Search/${encodeURIComponent(word)}` },
    { name: 'collection', path: `/Collection/${collection.collection_idx}` },
    { name: 'item', path: `/NftInfo/${item.item_idx}` },
    { name: 'profile', path: `/Profile/${artist.user_name}` },
    { name: 'ranking', path: '/Ranking' },
    { name: 'feed', path: '/Transactional' },
  ];
}

async function measure(browser: Browser, url: string) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    locale: 'ko-KR',
  });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: OBSERVE_LAYOUT });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...PHONE_LINK });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(url, { waitUntil: 'networkidle', timeout: 180_000 });
    await page.waitForTimeout(SETTLE_MS);
    const { shifts, lcp } = await readLayout(page);
    const worst = [...shifts].sort((a, b) => b.value - a.value).slice(0, 3);
    const moved = worst.map((s) => `${s.value.toFixed(3)} ${s.moved.join(' ')}`).join('; ');
    return { cls: sessionWindowCls(shifts), shifts: shifts.length, lcp, moved };
  } finally {
    await context.close();
  }
}

/** Lighthouse 12's mobile run on a Chromium it drives over its DevTools port. */
async function lighthouseRun(url: string) {
  const chrome = await launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic'],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
    // A run whose trace Lighthouse could not read (e.g. no LCP under heavy load) scores nothing: say why.
    const failed = lhr.runtimeError?.code ?? lhr.audits['largest-contentful-paint']?.errorMessage;
    const score = (c: string) => {
      const v = lhr.categories[c]?.score;
      return v == null ? `- (${failed ?? 'no score'})` : String(Math.round(v * 100));
    };
    const audit = (a: string) => lhr.audits[a]?.numericValue ?? NaN;
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      cls: audit('cumulative-layout-shift'),
      tbt: audit('total-blocking-time'),
      lcp: audit('largest-contentful-paint'),
    };
  } finally {
    chrome.kill();
  }
}

async function main() {
  await withCatalogueStack('layout-shift', 'LAYOUT_SHIFT_WEB_DIST', async (stack, browser, dist) => {
    const routes = await routeTable(stack);
    console.log(
      `\nLayout shift and LCP at 390 × 844, 1.6 Mbps / 150 ms, CPU ${CPU_SLOWDOWN} × slower, cache empty (${dist}); target CLS < 0.1`,
    );
    for (const r of routes) {
      const m = await measure(browser, stack.url + r.path);
      console.log(
        `  ${r.name.padEnd(12)} CLS ${m.cls.toFixed(3).padStart(6)} (${String(m.shifts).padStart(2)} shifts)  ` +
          `LCP ${(m.lcp / 1000).toFixed(2).padStart(5)} s  ${m.cls < 0.1 ? 'met' : 'NOT met'}  ${r.path}`,
      );
      if (m.moved) console.log(`${' '.repeat(16)}largest shifts: ${m.moved}`);
    }
    if (process.env.LIGHTHOUSE === 'off') return;
    console.log('\nLighthouse 12.2.3, mobile (simulated throttling)');
    for (const r of routes) {
      const lh = await lighthouseRun(stack.url + r.path);
      console.log(
        `  ${r.name.padEnd(12)} performance ${lh.performance.padStart(3)}  CLS ${lh.cls.toFixed(3)}  ` +
          `TBT ${lh.tbt.toFixed(0).padStart(4)} ms  LCP ${(lh.lcp / 1000).toFixed(2)} s  accessibility ${lh.accessibility}`,
      );
    }
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
