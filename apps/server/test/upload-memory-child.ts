/**
 * The 100 MB item resource upload of upload-intake.test.ts in a process of its own (`node --expose-gc --import
 * tsx`), so that no other test file's memory is in the figures: the app on a fresh database, a first 12 MB upload
 * (the storage client's code and pool, which a running server has long loaded), then the 100 MB one, paused once
 * 90 MB are sent to measure what the process holds then. Prints one JSON line, in bytes:
 * `{ storage, returnCode, sentAtPause, before: { live, rss }, paused: { live, rss }, peakRss }`, where `live` is
 * heap + external memory right after a full gc and `peakRss` the highest RSS sampled every 10 ms.
 */
import { ITEM_RESOURCE_MAX_BYTES, uploadUrl } from '@att/shared';
import { buildTestApp, loggedIn } from './helper';
import { streamUpload } from './stream-upload';

const MB = 1024 * 1024;
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const collect: () => void = gc;

/**
 * What the process holds on to: heap and Buffer memory still referenced after a full collection. Twice: V8 frees
 * the backing stores of dead Buffers on a background thread after a collection, and the next one waits for that.
 */
function live(): number {
  collect();
  collect();
  const u = process.memoryUsage();
  return u.heapUsed + u.external;
}

const t = await buildTestApp();
try {
  const m = await loggedIn(t);
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const url = uploadUrl('resource', m.id, m.ticketId);
  const warm = await streamUpload(base, url, 12 * MB);
  if (warm.returnCode !== 0) throw new Error(`warm-up upload answered ${warm.returnCode}`);
  const before = { live: live(), rss: process.memoryUsage().rss };
  let peakRss = before.rss;
  const timer = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 10);
  const sentAtPause = 90 * MB;
  let paused = { live: 0, rss: 0 };
  const r = await streamUpload(base, url, ITEM_RESOURCE_MAX_BYTES - 1024, {
    bytes: sentAtPause,
    // The process has read all but what the kernel's socket buffers hold (a few MB): buffered whole, ~85 MB of it.
    run: async () => {
      paused = { live: live(), rss: process.memoryUsage().rss };
    },
  });
  clearInterval(timer);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  process.stdout.write(
    `${JSON.stringify({ storage: t.config.s3 ? 's3' : 'disk', returnCode: r.returnCode, sentAtPause, before, paused, peakRss })}\n`,
  );
} finally {
  await t.close();
}
