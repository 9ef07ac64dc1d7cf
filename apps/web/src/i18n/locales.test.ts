import { describe, expect, it } from 'vitest';
import { adminResources } from './admin-resources';
import { en, ko, NAMESPACES } from './resources';

function keys(obj: unknown, prefix = ''): string[] {
  if (typeof obj !== 'object' || obj === null) return [prefix];
  return Object.entries(obj).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('locale catalogues', () => {
  it.each(NAMESPACES)('ko and en have exactly the same keys in %s', (ns) => {
    expect(keys(en[ns]).sort()).toEqual(keys(ko[ns]).sort());
  });

  it('ko and en have exactly the same keys in the console catalogue (admin)', () => {
    expect(keys(adminResources.en).sort()).toEqual(keys(adminResources.ko).sort());
  });

  it('has no empty texts', () => {
    for (const lang of [ko, en]) {
      for (const ns of NAMESPACES) {
        const flat = keys(lang[ns]);
        for (const path of flat) {
          const value = path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], lang[ns]);
          expect(typeof value === 'string' && value.trim().length > 0, `${ns}.${path}`).toBe(true);
        }
      }
    }
  });

  it('states no size limit by hand: every MB text interpolates the enforced limit (issue #7, item 16)', () => {
    for (const [lang, cat] of [
      ['ko', ko],
      ['en', en],
    ] as const) {
      for (const ns of NAMESPACES) {
        const text = JSON.stringify(cat[ns]);
        expect(text.match(/\d+(\.\d+)?\s*MB/gi) ?? [], `${lang} ${ns}`).toEqual([]);
      }
    }
  });

  it('the English search placeholder names items and collections, as the Korean one does', () => {
    expect(ko.common.search.placeholder).toContain('컬렉션');
    expect(en.common.search.placeholder.toLowerCase()).toMatch(/items.*collections/);
  });
});
