/**
 * The end of a CI log: every failed test of every pass (workspace, file, test, first line of the error), the ten
 * slowest test files of each pass, and one closing `tests: N passed, N failed, N skipped` line, read from the JSON
 * reports vitest writes when TEST_REPORT_DIR is set (scripts/lib/test-reporters.ts).
 *
 *   tsx scripts/test-report.ts embedded=DIR:shared,contracts,server,web,e2e,ops servers=DIR:server,e2e,ops
 *
 * A workspace named there without a report (vitest crashed, or never ran) counts as a failure, and so does a report
 * whose run failed outside any test (an unhandled error). Exits 1 when anything failed.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface Assertion {
  fullName?: string;
  title: string;
  ancestorTitles?: string[];
  status: string;
  failureMessages?: string[];
}
interface FileResult {
  name: string;
  status: string;
  message?: string;
  startTime?: number;
  endTime?: number;
  assertionResults: Assertion[];
}
interface Report {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests?: number;
  success: boolean;
  testResults: FileResult[];
}

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
// The escape sequences of coloured output, built from the ESC code (a literal ESC in a regex is refused by the lint).
const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const firstLine = (text: string | undefined) =>
  (text ?? '')
    .replace(ANSI_COLOUR, '')
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l.length > 0)
    ?.slice(0, 300) ?? '(no message)';

let passed = 0;
let failed = 0;
let skipped = 0;
const failures: string[] = [];
const slowest: string[] = [];

for (const arg of process.argv.slice(2)) {
  const m = /^([^=]+)=([^:]+):(.+)$/.exec(arg);
  if (!m) throw new Error(`expected PASS=DIR:workspace,workspace… got ${arg}`);
  const [, pass, dir, list] = m as unknown as [string, string, string, string];
  const files: { label: string; seconds: number }[] = [];
  for (const ws of list.split(',')) {
    const file = path.join(dir, `${ws}.json`);
    if (!existsSync(file)) {
      failed++;
      failures.push(
        `[${pass}] ${ws}: no test report (the workspace's run crashed or never started; see its log above)`,
      );
      continue;
    }
    const r = JSON.parse(readFileSync(file, 'utf8')) as Report;
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + (r.numTodoTests ?? 0);
    let failedHere = 0;
    for (const f of r.testResults) {
      const rel = path.relative(root, f.name);
      if (f.startTime && f.endTime) files.push({ label: `${ws} ${rel}`, seconds: (f.endTime - f.startTime) / 1000 });
      const bad = f.assertionResults.filter((a) => a.status === 'failed');
      for (const a of bad) {
        failedHere++;
        const name = a.fullName ?? [...(a.ancestorTitles ?? []), a.title].join(' > ');
        failures.push(`[${pass}] ${ws} ${rel} > ${name}: ${firstLine(a.failureMessages?.[0])}`);
      }
      if (f.status === 'failed' && bad.length === 0) {
        failedHere++;
        failed++;
        failures.push(`[${pass}] ${ws} ${rel}: ${firstLine(f.message)}`);
      }
    }
    if (!r.success && failedHere === 0) {
      failed++;
      failures.push(`[${pass}] ${ws}: the run failed outside any test (an unhandled error; see its log above)`);
    }
  }
  files.sort((a, b) => b.seconds - a.seconds);
  slowest.push(
    `Slowest test files (${pass}):`,
    ...files.slice(0, 10).map((f) => `  ${f.seconds.toFixed(1).padStart(7)} s  ${f.label}`),
  );
}

console.log('');
console.log('==================== test report ====================');
console.log(...(slowest.length ? [slowest.join('\n')] : []));
if (failures.length) {
  console.log(`FAILED (${failures.length}):`);
  for (const f of failures) console.log(`  ${f}`);
} else {
  console.log('No failed test.');
}
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
