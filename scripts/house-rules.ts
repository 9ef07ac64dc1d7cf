/**
 * The house rules a reviewer should never have to check by eye (STYLE.md), over every workspace: no hand-written
 * TS file over 400 lines (500 for a test: a flat list of cases), counted on the formatter's text, and every shared list read from `@att/shared` (packages/shared/src/domain), never written
 * again: the token list, the numbered states, the alert socket's path; on the server, repositories that answer in
 * domain terms (never a returnCode), one use case per file (no `*-service.ts` grab-bags), and the table
 * rules (table-rules.ts: every table written by its one owner, no module's SQL naming another's table, no bare state in SQL). `npm run lint` runs it;
 * it prints each offender with the rule it breaks and exits 1.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TABLE_RULES } from './table-rules';

const here = fileURLToPath(import.meta.url);
const root = resolve(dirname(here), '..');
/**
 * Lines counted on Prettier's 120-column text (`npm run lint` checks it is formatted), so a file cannot stay under
 * the limit by long lines. A test is a flat list of cases and gets more room.
 */
const MAX_LINES = 400;
const MAX_TEST_LINES = 500;

export interface Rule {
  name: string;
  /** Which files the rule reads. */
  applies: (file: string) => boolean;
  /** The offending lines of one file's text (1-based numbers), or the file itself as line 0. */
  offends: (text: string, file?: string) => number[];
}

const generated = (f: string) => /(^|\/)generated\//.test(f) || f.endsWith('.d.ts');
const isTest = (f: string) =>
  /\.(test|spec)\.tsx?$/.test(f) || /(^|\/)(tests?|bench)\//.test(f) || f.startsWith('apps/e2e/');
const isServerModule = (f: string) => f.startsWith('apps/server/src/');
const isSharedDomain = (f: string) => f.startsWith('packages/shared/src/domain/');
const linesMatching = (pattern: RegExp) => (text: string) =>
  text.split('\n').flatMap((line, i) => (pattern.test(line) ? [i + 1] : []));

/** The contracts' writes the members' wallets and the demo send (built only by packages/contracts/src/market-client.ts). */
const MARKET_WRITES = [
  'buyNft',
  'cancelListing',
  'incrementCounter',
  'transferWithMint',
  'setApprovalForAll',
  'approve',
  'safeTransferFrom',
  'registerAuction',
  'placeBid',
  'cancelBid',
  'cancelAuction',
  'endAuction',
  'claimAuctionItem',
  'makeOffer',
  'acceptOffer',
  'cancelOffer',
  'withdraw',
  'withdrawTo',
].join('|');

const Q = `['"\`](?:ATT|KLAY)['"\`]`;
export const RULES: Rule[] = [
  {
    name: `a hand-written TS file over ${MAX_LINES} lines, or a test over ${MAX_TEST_LINES} (split it by job)`,
    applies: (f) => !generated(f),
    offends: (text, file) => (text.split('\n').length > (file && isTest(file) ? MAX_TEST_LINES : MAX_LINES) ? [0] : []),
  },
  {
    name: 'a token list written out (TOKEN_SYMBOLS, TokenSymbol and Token come from @att/shared)',
    applies: (f) => !generated(f) && !isTest(f) && !isSharedDomain(f),
    offends: linesMatching(new RegExp(`${Q}\\s*\\|\\s*${Q}|\\[\\s*${Q}\\s*,\\s*${Q}\\s*\\]`)),
  },
  {
    name: 'a numbered state compared with a bare number (SaleType, ListingState, ItemType, ReportState … from @att/shared)',
    applies: (f) => !generated(f) && !isTest(f) && !isSharedDomain(f),
    offends: linesMatching(
      /\b(state|saleType|sale_type|itemType|item_type|resourceType|resource_type|hideState|hide_state|listingState|bidState|offerState)\s*[!=]==?\s*\d|'(state|sale_type|hide_state|item_type)',\s*'(=|<>|!=)',\s*\d/,
    ),
  },
  {
    name: 'the alert socket path written out (ALERT_SOCKET_PATH comes from @att/shared)',
    applies: (f) => !generated(f) && !isSharedDomain(f) && !f.endsWith('house-rules.ts'),
    offends: linesMatching(/attnftmarket\/ws/),
  },
  {
    name: 'a repository deciding a returnCode (throw a domain error or answer in domain terms; the use case picks the code)',
    applies: (f) => isServerModule(f) && /-repository\.ts$/.test(f),
    offends: linesMatching(/\bReturnCode\b|\bAppError\b|\bReturnCodeValue\b/),
  },
  {
    name: 'a Market, Items or ATT write built by hand (take the call from @att/contracts market-client: its gas limit and KLAY value)',
    applies: (f) => (f.startsWith('apps/web/src/') || isServerModule(f)) && !isTest(f) && !generated(f),
    offends: linesMatching(new RegExp(`functionName:\\s*['"](${MARKET_WRITES})['"]`)),
  },
  ...TABLE_RULES,
  {
    name: 'a server service file holding several use cases (one use case per file: publish-item.ts, delete-item.ts …)',
    applies: (f) => isServerModule(f) && /-service\.ts$/.test(f),
    offends: () => [0],
  },
];

// Docs that stay true: history lives in git, so no comment names an issue by its number ("issue", then a number).
const ISSUE_IN_COMMENT = /(\/\/|\/\*|^\s*\*).*(\bissues?\s*#?\d+|\(#\d+\))/i;
RULES.push({
  name: 'a comment naming an issue number (history lives in git: say what the code does and why)',
  applies: (f) => !generated(f),
  offends: linesMatching(ISSUE_IN_COMMENT),
});

/** Every offence in the given files, as `path:line  rule`. */
export function offences(files: string[], read: (f: string) => string): string[] {
  return files.flatMap((f) => {
    const text = read(f);
    return RULES.filter((r) => r.applies(f)).flatMap((r) =>
      r.offends(text, f).map((line) => `${f}${line ? `:${line}` : ''}  ${r.name}`),
    );
  });
}

function main(): void {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.tsx'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => f && !f.includes('node_modules/') && existsSync(resolve(root, f)));
  const found = offences(files, (f) => readFileSync(resolve(root, f), 'utf8'));
  if (found.length === 0) return;
  console.error(`house rules (scripts/house-rules.ts): ${found.length} offence(s)\n${found.join('\n')}`);
  process.exit(1);
}

if (process.argv[1] && resolve(process.argv[1]) === here) main();
