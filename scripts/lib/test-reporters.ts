/**
 * The reporters every workspace's vitest runs with: the default one, plus a JSON report per workspace when
 * TEST_REPORT_DIR is set (`.ci/run` sets it per pass; `scripts/test-report.ts` reads the reports and prints the
 * failed tests and the slowest files at the end of the log).
 */
import path from 'node:path';

type Reporter = string | [string, Record<string, unknown>];

export function testReporters(workspace: string): Reporter[] {
  const dir = process.env.TEST_REPORT_DIR;
  return dir ? ['default', ['json', { outputFile: path.join(dir, `${workspace}.json`) }]] : ['default'];
}
