/**
 * `npm run bench -w @att/e2e` (part of the root `npm run bench`): the home page's first load, measured in
 * Chromium against the real stack (anvil, PGlite, demo catalogue, the production web build).
 *
 * 1. Cache empty, full speed: the JavaScript the page loads before the network is idle, as Chromium counts it on
 *    the wire (CDP `Network.loadingFinished.encodedDataLength`: compressed body plus headers) and uncompressed
 *    (the decoded bytes of `Network.dataReceived`), beside the figure before this work.
 * 2. Cache empty, a 1.6 Mbps phone link (CDP `Network.emulateNetworkConditions`, 150 ms round trip): the time
 *    to the first contentful paint and to the page's JS being loaded.
 * 3. A second visit on that link (cache warm): hashed files come from the cache without a request.
 *
 * FIRST_LOAD_WEB_DIST serves another build (e.g. one made before precompression) for a before/after.
 */
import type { Browser, CDPSession, Page } from 'playwright-core';
import { withCatalogueStack } from './catalogue-stack';

/**
 * The home page's initial JS before this work, on the wire (nothing compressed, wagmi/viem eager): this script
 * with FIRST_LOAD_WEB_DIST on the build of main at 4735fd8 measured 1063 KB in 5 files and a first contentful
 * paint of 6.7 s on the 1.6 Mbps link.
 */
const BEFORE_KB = 1063;
const TARGET_KB = 200;
const PHONE = { latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };

interface Loaded {
  url: string;
  wire: number;
  decoded: number;
  encoding: string;
  fromCache: boolean;
}

/** Follows every script response of the page through CDP. */
async function watchScripts(cdp: CDPSession) {
  const scripts = new Map<string, Loaded>();
  await cdp.send('Network.enable');
  cdp.on('Network.responseReceived', (e) => {
    if (e.type !== 'Script') return;
    const h = e.response.headers;
    const encoding = h['content-encoding'] ?? h['Content-Encoding'] ?? 'identity';
    scripts.set(e.requestId, {
      url: e.response.url,
      wire: 0,
      decoded: 0,
      encoding,
      fromCache: Boolean(e.response.fromDiskCache),
    });
  });
  cdp.on('Network.dataReceived', (e) => {
    const s = scripts.get(e.requestId);
    if (s) s.decoded += e.dataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const s = scripts.get(e.requestId);
    if (s) s.wire = e.encodedDataLength;
  });
  return scripts;
}

async function firstContentfulPaint(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list, obs) => {
          const fcp = list.getEntries().find((e) => e.name === 'first-contentful-paint');
          if (fcp) {
            obs.disconnect();
            resolve(fcp.startTime);
          }
        }).observe({ type: 'paint', buffered: true });
      }),
  );
}

async function visit(browser: Browser, url: string, opts: { phone?: boolean; warm?: boolean } = {}) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ko-KR' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    if (opts.warm) {
      // A first visit fills the cache (at full speed), then the measured one follows.
      await page.goto(url, { waitUntil: 'networkidle' });
    }
    const scripts = await watchScripts(cdp);
    if (opts.phone) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...PHONE });
    const t0 = Date.now();
    await page.goto(url, { waitUntil: 'networkidle', timeout: 120_000 });
    const idleMs = Date.now() - t0;
    const fcp = await firstContentfulPaint(page);
    await page.getByTestId('connect-wallet').waitFor({ timeout: 30_000 });
    const list = [...scripts.values()];
    return {
      fcp,
      idleMs,
      scripts: list,
      wire: list.reduce((n, s) => n + s.wire, 0),
      decoded: list.reduce((n, s) => n + s.decoded, 0),
      requests: list.filter((s) => !s.fromCache && s.wire > 0).length,
      walletLoaded: list.some((s) => /\/assets\/wallet-/.test(s.url)),
    };
  } finally {
    await context.close();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  await withCatalogueStack('first-load', 'FIRST_LOAD_WEB_DIST', async (stack, browser, dist) => {
    const home = `${stack.url}/`;
    const cold = await visit(browser, home);
    console.log(`\nHome page first load (${home}, cache empty, ${dist})`);
    for (const s of cold.scripts.sort((a, b) => b.wire - a.wire)) {
      console.log(
        `  ${kb(s.wire).padStart(10)} on the wire  ${kb(s.decoded).padStart(10)} uncompressed  ${s.encoding.padEnd(8)} ${new URL(s.url).pathname}`,
      );
    }
    console.log(
      `  initial JS: ${kb(cold.wire)} on the wire (${cold.scripts.length} files), ${kb(cold.decoded)} uncompressed; ` +
        `before: ${BEFORE_KB} KB; target <= ${TARGET_KB} KB: ${cold.wire <= TARGET_KB * 1024 ? 'met' : 'NOT met'}`,
    );
    console.log(`  wallet stack (wagmi/viem) loaded: ${cold.walletLoaded ? 'yes' : 'no'}`);

    const phone = await visit(browser, home, { phone: true });
    console.log(
      `\n1.6 Mbps link, 150 ms RTT, cache empty: first contentful paint ${phone.fcp.toFixed(0)} ms, network idle ${phone.idleMs} ms`,
    );
    const again = await visit(browser, home, { phone: true, warm: true });
    console.log(
      `1.6 Mbps link, second visit: first contentful paint ${again.fcp.toFixed(0)} ms, ` +
        `${again.requests} of ${again.scripts.length} scripts fetched from the network (${kb(again.wire)})`,
    );
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
