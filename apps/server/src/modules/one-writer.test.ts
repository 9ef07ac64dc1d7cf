/**
 * One writer per table: every table has one owner in `table-owners.ts` (a module, or a file or folder inside it),
 * the same data the house rules read; only the owner writes it (INSERT, UPDATE, DELETE, MERGE, REPLACE; Kysely or
 * raw SQL). Another module that needs a write calls the owner's function through its index.ts, passing its
 * transaction. Demo seeds, migrations and tests are not modules and may write anything.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TABLE_OWNERS } from './table-owners';

const here = path.dirname(fileURLToPath(import.meta.url));
const src = path.resolve(here, '..');

function filesOf(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    if (statSync(p).isDirectory()) return f === 'tests' || f === 'migrations' ? [] : filesOf(p);
    return p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
  });
}

/** The tables a module declares: the keys of the `<Name>Tables` interface in its tables.ts. */
function declaredTables(moduleDir: string): Set<string> {
  const file = path.join(moduleDir, 'tables.ts');
  const text = readFileSync(file, 'utf8');
  const agg = /export interface \w+Tables \{([^}]*)\}/.exec(text);
  return new Set([...(agg?.[1] ?? '').matchAll(/^\s*([a-z_]+):/gm)].map((m) => m[1]!));
}

const WRITE_PATTERNS = [
  /\b(?:insertInto|updateTable|deleteFrom|mergeInto|replaceInto)\(\s*'([a-z_]+)/g,
  /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM|MERGE\s+INTO|REPLACE\s+INTO)\s+([a-z_]+)\b/g,
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

  it('every table the migrations create has exactly one owner, inside the module that declares it', () => {
    const migrations = path.join(src, 'platform/db/migrations');
    const created = new Set(
      readdirSync(migrations).flatMap((f) =>
        [...readFileSync(path.join(migrations, f), 'utf8').matchAll(/CREATE TABLE (?:IF NOT EXISTS )?([a-z_]+)/g)].map(
          (m) => m[1]!,
        ),
      ),
    );
    expect([...created].sort()).toEqual(Object.keys(TABLE_OWNERS).sort());
    for (const m of modules)
      for (const t of declaredTables(path.join(here, m)))
        expect(`${t}: ${TABLE_OWNERS[t]}`).toMatch(`${t}: modules/${m}/`);
    expect(Object.keys(TABLE_OWNERS).length).toBeGreaterThan(40);
  });

  it('a table is written by its owner alone', () => {
    const violations: string[] = [];
    for (const file of [...filesOf(here), ...filesOf(path.join(src, 'platform'))]) {
      const rel = path.relative(src, file).split(path.sep).join('/');
      for (const t of writtenTables(readFileSync(file, 'utf8'))) {
        const owner = TABLE_OWNERS[t];
        if (owner && !rel.startsWith(owner)) violations.push(`${rel} writes ${t} (owned by ${owner})`);
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
