/**
 * An indexer that fails on every tick (here: its node does not answer; before, an undo record it could not read)
 * must not stay a quiet stream of warnings: the first failure of a job is a warning, every further failure in a
 * row is logged at error level with how many runs in a row have failed.
 */
import { afterAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../../test/helper';

let t: TestApp | undefined;
afterAll(async () => t?.close());

interface Line {
  level: number;
  msg: string;
  job?: string;
  failures?: number;
}

it('a job that keeps failing is logged at error level with its count of failed runs in a row', async () => {
  const lines: Line[] = [];
  t = await buildTestApp({
    config: {
      logLevel: 'info',
      // Nothing listens there: every indexer run fails.
      chainRpcUrls: ['http://127.0.0.1:9'],
      trading: { startBlock: 0, confirmations: 0, indexer: true, pollMs: 20, reservationSeconds: 300 },
    },
    deps: { logStream: { write: (l) => void lines.push(JSON.parse(l) as Line) } },
  });
  const runs = () => lines.filter((l) => l.job === 'trading.index');
  for (let i = 0; i < 600 && runs().length < 3; i++) await new Promise((r) => setTimeout(r, 50));
  const [first, second, third] = runs();
  expect(first).toMatchObject({ level: 40, msg: 'job failed' });
  expect(first?.failures).toBeUndefined();
  expect(second).toMatchObject({ level: 50, msg: 'job keeps failing', failures: 2 });
  expect(third).toMatchObject({ level: 50, msg: 'job keeps failing', failures: 3 });
}, 60_000);
