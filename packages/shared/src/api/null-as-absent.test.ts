import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { nullAsAbsent } from './null-as-absent';
import { requestSchema, routes, type RoutePath } from './routes';

/** The top-level fields of a route's request that may be left out and whose own schema refuses null. */
function optionalFields(path: RoutePath): string[] {
  const shape = (routes[path].request as z.ZodObject).shape as Record<string, z.ZodType>;
  return Object.entries(shape)
    .filter(([, f]) => f.safeParse(undefined).success && !f.safeParse(null).success)
    .map(([k]) => k);
}

describe('null for an optional field', () => {
  it('reads as absent in every route: no issue at that field', () => {
    let fields = 0;
    for (const path of Object.keys(routes) as RoutePath[]) {
      for (const k of optionalFields(path)) {
        fields++;
        const r = requestSchema(path).safeParse({ [k]: null });
        const atK = r.success ? [] : r.error.issues.filter((i) => i.path[0] === k);
        expect(atK, `${path} ${k}`).toEqual([]);
      }
    }
    expect(fields).toBeGreaterThan(50);
  });

  it('gives what leaving it out gives, nested too; a required field and a nullable one keep null', () => {
    const list = requestSchema('/nft/instance/list');
    expect(list.parse({ filterCategory: null, filterCollection: null, pageNo: null })).toEqual(list.parse({}));
    const s = nullAsAbsent(
      z.object({
        a: z.number(),
        b: z.object({ c: z.string().optional(), d: z.string().nullable() }).optional(),
        e: z.array(z.object({ f: z.number().optional() })).optional(),
      }),
    );
    expect(s.parse({ a: 1, b: { c: null, d: null }, e: [{ f: null }] })).toEqual({ a: 1, b: { d: null }, e: [{}] });
    expect(s.safeParse({ a: null }).success).toBe(false);
  });

  it("reads a body naming Object's own members (constructor, __proto__, toString) as unknown keys, never throws", () => {
    const s = nullAsAbsent(
      z.object({ a: z.number().optional(), b: z.object({ c: z.string().optional() }).optional() }),
    );
    for (const body of [
      { constructor: 1 },
      JSON.parse('{"__proto__": {"x": 1}}'),
      { toString: null, b: { constructor: null, hasOwnProperty: 'x' } },
    ]) {
      expect(() => s.safeParse(body)).not.toThrow();
    }
    expect(() =>
      requestSchema('/ticket/nonce').safeParse({ message: '0xab', constructor: 'x', toString: null }),
    ).not.toThrow();
  });
});
