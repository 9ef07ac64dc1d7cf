/**
 * The table rules of the house rules, read from the data of apps/server/src/modules/table-owners.ts (every table
 * and its one owner): a write to a table from outside its owner; a module's SQL naming another module's table (a
 * Kysely call or SQL text; the reads not yet moved behind the owner's index.ts are `TABLE_READ_CROSSINGS`, each with
 * its reason); a numbered state written as a bare number in SQL text or a Kysely comparison (the shared enums from
 * @att/shared go in as parameters).
 */
import { TABLE_OWNERS } from '../apps/server/src/modules/table-owners';
import { TABLE_READ_CROSSINGS } from '../apps/server/src/modules/table-read-crossings';
import type { Rule } from './house-rules';

const SERVER = 'apps/server/src/';
const KYSELY_WRITE = /\b(?:insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(\s*['"`]([a-z_]+)/g;
const SQL_WRITE = /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM|MERGE\s+INTO|REPLACE\s+INTO)\s+([a-z_]+)\b/g;
const KYSELY_NAME =
  /\b(?:selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|(?:inner|left|right|full|cross)Join(?:Lateral)?|using)\(\s*\[?\s*['"`]([a-z_]+)/g;
const SQL_NAME = /\b(?:FROM|JOIN|INTO|UPDATE|USING|TABLE)\s+([a-z_]+)\b/g;

/** The columns that hold a numbered state (their values are the shared enums). */
const STATE_COLUMN = String.raw`(?:[a-z_]+\.)?(?:state|[a-z_]+_state|sale_type|item_type|resource_type|token_type|event)`;
const BARE_STATE_IN_SQL = new RegExp(
  String.raw`\b${STATE_COLUMN}\s*(?:<>|!=|<=|>=|=(?!=)|<|>)\s*\d|\b${STATE_COLUMN}\s+(?:NOT\s+)?IN\s*\(\s*\d`,
);
const BARE_STATE_IN_KYSELY = new RegExp(
  String.raw`['"\`]${STATE_COLUMN}['"\`],\s*['"\`](?:=|<>|!=|<|>|<=|>=|in|not in)['"\`],\s*\[?\s*\d`,
);

/** The text without comments (so prose about SQL is not read as SQL). */
const code = (text: string) =>
  text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/(^|\s)\/\/.*$/gm, '$1');

/** Where a server file sits: its module (`modules/x/`) or `platform/`; undefined outside both (demo, root files). */
export function ownerModule(path: string): string | undefined {
  const m = /^(modules\/[^/]+\/|platform\/)/.exec(path);
  return m?.[1];
}

const isOwnedCode = (f: string) =>
  f.startsWith(SERVER) &&
  ownerModule(f.slice(SERVER.length)) !== undefined &&
  !/\.(test|spec)\.ts$/.test(f) &&
  !/\/(tests|migrations)\//.test(f);

function linesOf(text: string, re: RegExp, hit: (table: string) => boolean): number[] {
  const lines = new Set<number>();
  for (const m of code(text).matchAll(re))
    if (TABLE_OWNERS[m[1]!] && hit(m[1]!)) lines.add(text.slice(0, m.index).split('\n').length);
  return [...lines].sort((a, b) => a - b);
}

/** The tables a source text writes (Kysely calls and SQL text), each with its line. */
export function writes(text: string): { table: string; line: number }[] {
  return [KYSELY_WRITE, SQL_WRITE].flatMap((re) =>
    [...code(text).matchAll(re)]
      .filter((m) => TABLE_OWNERS[m[1]!])
      .map((m) => ({ table: m[1]!, line: text.slice(0, m.index).split('\n').length })),
  );
}

/** The tables a source text names (reads or writes; Kysely calls and SQL text), each with its line. */
export function namedTables(text: string): { table: string; line: number }[] {
  return [KYSELY_NAME, SQL_NAME].flatMap((re) =>
    [...code(text).matchAll(re)]
      .filter((m) => TABLE_OWNERS[m[1]!])
      .map((m) => ({ table: m[1]!, line: text.slice(0, m.index).split('\n').length })),
  );
}

const rel = (f: string) => f.slice(SERVER.length);
const crossingAllowed = (f: string, table: string) =>
  TABLE_READ_CROSSINGS.some((c) => c.reader === ownerModule(rel(f)) && c.table === table);

export const TABLE_RULES: Rule[] = [
  {
    name: 'a table written outside its one owner (apps/server/src/modules/table-owners.ts)',
    applies: isOwnedCode,
    offends: (text, file) =>
      linesOf(text, KYSELY_WRITE, (t) => !rel(file!).startsWith(TABLE_OWNERS[t]!)).concat(
        linesOf(text, SQL_WRITE, (t) => !rel(file!).startsWith(TABLE_OWNERS[t]!)),
      ),
  },
  {
    name: "another module's table named in SQL (read it through the owner's index.ts; table-owners.ts)",
    applies: isOwnedCode,
    offends: (text, file) => {
      const mine = ownerModule(rel(file!));
      const foreign = (t: string) => ownerModule(TABLE_OWNERS[t]!) !== mine && !crossingAllowed(file!, t);
      return [...new Set([KYSELY_NAME, SQL_NAME].flatMap((re) => linesOf(text, re, foreign)))].sort((a, b) => a - b);
    },
  },
  {
    name: 'a numbered state as a bare number in SQL text or a Kysely comparison (pass the @att/shared enum)',
    applies: (f) => f.startsWith(SERVER) && !/\.(test|spec)\.ts$/.test(f) && !/\/(tests|migrations)\//.test(f),
    offends: (text) =>
      code(text)
        .split('\n')
        .flatMap((line, i) => (BARE_STATE_IN_SQL.test(line) || BARE_STATE_IN_KYSELY.test(line) ? [i + 1] : [])),
  },
];
