/**
 * One writer per table: a module writes (INSERT, UPDATE, DELETE, MERGE; Kysely or raw SQL) only the tables its
 * `tables.ts` declares. Another module that needs a write calls the owner's function through its index.ts, passing
 * its transaction. Demo seeds and tests are not modules and may write anything.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));

function filesOf(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    if (statSync(p).isDirectory()) return f === 'tests' ? [] : filesOf(p);
    return p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
  });
}

/** The tables a module owns: the keys of the `<Name>Tables` interface in its tables.ts. */
function ownedTables(moduleDir: string): Set<string> {
  const file = path.join(moduleDir, 'tables.ts');
  const text = readFileSync(file, 'utf8');
  const agg = /export interface \w+Tables \{([^}]*)\}/.exec(text);
  return new Set([...(agg?.[1] ?? '').matchAll(/^\s*([a-z_]+):/gm)].map((m) => m[1]!));
}

const WRITE_PATTERNS = [
  /\b(?:insertInto|updateTable|deleteFrom|mergeInto)\(\s*'([a-z_]+)/g,
  /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM|MERGE\s+INTO)\s+([a-z_]+)\b/g,
];

/** The tables a source file writes. */
export function writtenTables(source: string): Set<string> {
  const out = new Set<string>();
  for (const re of WRITE_PATTERNS) for (const m of source.matchAll(re)) out.add(m[1]!);
  // `UPDATE x SET` inside ON CONFLICT ... DO UPDATE SET names no table; `FOR UPDATE` neither.
  out.delete('set');
  out.delete('of');
  return out;
}

describe('one writer per table', () => {
  const modules = readdirSync(here).filter((m) => statSync(path.join(here, m)).isDirectory());

  it('every table has exactly one owning module', () => {
    const owners = new Map<string, string[]>();
    for (const m of modules)
      for (const t of ownedTables(path.join(here, m))) owners.set(t, [...(owners.get(t) ?? []), m]);
    expect([...owners].filter(([, o]) => o.length > 1)).toEqual([]);
    expect(owners.size).toBeGreaterThan(30);
  });

  it('a module writes only the tables it owns', () => {
    const all = new Set(modules.flatMap((m) => [...ownedTables(path.join(here, m))]));
    const violations: string[] = [];
    for (const m of modules) {
      const owned = ownedTables(path.join(here, m));
      for (const file of filesOf(path.join(here, m))) {
        for (const t of writtenTables(readFileSync(file, 'utf8'))) {
          if (all.has(t) && !owned.has(t))
            violations.push(`${path.relative(here, file)} writes ${t} (owned by another module)`);
        }
      }
    }
    expect(violations).toEqual([]);
  });

  it('the check sees Kysely and raw SQL writes', () => {
    expect([...writtenTables("trx.updateTable('items').set({})")]).toEqual(['items']);
    expect([...writtenTables('sql`INSERT INTO inventory (a) VALUES (1) ON CONFLICT (a) DO UPDATE SET a = 2`')]).toEqual(
      ['inventory'],
    );
    expect([...writtenTables('SELECT 1 FROM listings FOR UPDATE')]).toEqual([]);
  });
});
