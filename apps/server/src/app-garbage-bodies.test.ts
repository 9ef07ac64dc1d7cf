/** A property-style test throwing seeded random garbage at every route: never a 500, never a 101. */
import { API_BASE, routes } from '@att/shared';
import { describe, expect, it } from 'vitest';
import { newWallet } from '../test/helper';
import { member, setUpApp, t } from './app-test-fixture';

setUpApp();

/** A small seeded PRNG so a failure can be replayed. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = s;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Bodies per route: 20 in `npm test` (about 2,000 requests, one seed, the same every run); `npm run test:fuzz` sends
 * 100 per route with a drawn seed (GARBAGE_BODIES, GARBAGE_SEED=random|<n>; the seed is in the test's name, and replays a failure).
 */
const BODIES = Number(process.env.GARBAGE_BODIES) || 20;
const SEED =
  process.env.GARBAGE_SEED === 'random'
    ? Math.floor(Math.random() * 2 ** 31)
    : Number(process.env.GARBAGE_SEED) || 20261121;

describe('property: garbage bodies never produce a 500 or a 101', () => {
  const rand = prng(SEED);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const keys = [
    ...new Set(
      Object.values(routes).flatMap((r) => {
        const shape = (r.request as unknown as { shape?: Record<string, unknown> }).shape;
        return shape ? Object.keys(shape) : [];
      }),
    ),
    // Keys of nested objects (item traits and the trait filter), so garbage reaches inside them too.
    'traitType',
    'value',
    'values',
    'maxValue',
    '__proto__',
    'constructor',
    'x',
  ];

  function value(depth = 0): unknown {
    const kind = Math.floor(rand() * (depth > 2 ? 9 : 12));
    switch (kind) {
      case 0:
        return null;
      case 1:
        return rand() < 0.5;
      case 2:
        return pick([0, 1, 2, -1, 1.5, 1e308, -0, Number.MAX_SAFE_INTEGER + 2]);
      case 3:
        return pick(['', ' ', '0', '1', 'ko', 'en', '2', 'true', '0x', '%00', '\u0000', '한국어', '😀'.repeat(50)]);
      case 4:
        return newWallet().address;
      case 5:
        return pick([member.id, member.ticketId, member.wallet.address, member.email]);
      case 6:
        return 'x'.repeat(Math.floor(rand() * 3000));
      case 7:
        return `0x${'ab'.repeat(Math.floor(rand() * 80))}`;
      case 8:
        return String(Math.floor(rand() * 1e20));
      case 9:
        return Array.from({ length: Math.floor(rand() * 4) }, () => value(depth + 1));
      default: {
        const o: Record<string, unknown> = {};
        const n = Math.floor(rand() * 8);
        for (let i = 0; i < n; i++) o[pick(keys)] = value(depth + 1);
        return o;
      }
    }
  }

  function body(): { payload: string; type: string } {
    const r = rand();
    if (r < 0.1)
      return {
        payload: pick(['{', '}', '{"a":}', 'undefined', '\u0000', '[]]', '{"id":"\ud800"}']),
        type: 'application/json',
      };
    if (r < 0.15)
      return { payload: 'id=1&ticketId=2', type: pick(['application/x-www-form-urlencoded', 'text/plain']) };
    if (r < 0.25) return { payload: JSON.stringify(value()), type: 'application/json' };
    // An object with the route's own keys, mostly: the interesting case.
    const o: Record<string, unknown> = {};
    for (const k of keys) if (rand() < 0.5) o[k] = value(1);
    if (rand() < 0.5) Object.assign(o, { id: member.id, ticketId: member.ticketId });
    return { payload: JSON.stringify(o), type: 'application/json' };
  }

  it(`${Object.keys(routes).length + 2} routes x ${BODIES} random bodies (seed ${SEED})`, async () => {
    const failures: string[] = [];
    for (const p of [
      ...Object.keys(routes),
      `/user/upload/profile/${member.id}/${member.ticketId}`,
      '/user/upload/banner/a/b',
    ]) {
      for (let i = 0; i < BODIES; i++) {
        const b = body();
        const headers: Record<string, string> = { 'content-type': b.type };
        if (rand() < 0.2)
          headers.authorization = pick([`Bearer ${member.ticketId}`, 'Bearer x', 'Basic abc', 'Bearer']);
        const res = await t.app.inject({ method: 'POST', url: `${API_BASE}${p}`, headers, payload: b.payload });
        let code: unknown;
        try {
          code = (JSON.parse(res.body) as { returnCode?: unknown }).returnCode;
        } catch {
          code = 'not json';
        }
        if (res.statusCode !== 200 || typeof code !== 'number' || code === 101) {
          failures.push(`${p} ${res.statusCode} ${String(code)} <- ${b.type} ${b.payload.slice(0, 200)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // Grows with the routes table and BODIES: about 0.7 s per route at 100 bodies on a loaded 2-core machine.
  }, 600_000);
});
