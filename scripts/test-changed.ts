/**
 * `npm run test:changed [-- BASE]`: the tests a change can affect, in minutes. Each workspace runs vitest with
 * `--changed BASE` (default `main`): the test files that import, directly or not, a file changed since BASE
 * (committed or not). First on the embedded defaults; then, when DATABASE_URL is set (with REDIS_URL and S3_* as
 * CI sets them), the server, the service journeys (E2E_SCOPE=services) and ops again against those servers.
 * Exits 1 when any run failed.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const base = process.argv[2] ?? 'main';
const WORKSPACES = ['packages/shared', 'packages/contracts', 'apps/server', 'apps/web', 'apps/e2e', 'apps/ops'];
const SERVICE_WORKSPACES = ['apps/server', 'apps/e2e', 'apps/ops'];
const SERVICE_ENV = [
  'DATABASE_URL',
  'REDIS_URL',
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
];

function run(cwd: string, [cmd, ...args]: string[], env: NodeJS.ProcessEnv): boolean {
  console.log(`\n== ${path.relative(root, cwd) || '.'}: ${cmd} ${args.join(' ')}`);
  return spawnSync(cmd!, args, { cwd, env, stdio: 'inherit' }).status === 0;
}

const failed: string[] = [];
if (!run(root, ['npm', 'run', 'build', '-w', '@att/contracts'], process.env)) failed.push('contracts build');
const embedded = { ...process.env };
for (const k of SERVICE_ENV) delete embedded[k];
for (const ws of WORKSPACES) {
  if (!run(path.join(root, ws), ['npx', 'vitest', 'run', '--changed', base, '--passWithNoTests'], embedded))
    failed.push(`${ws} (embedded)`);
}
if (process.env.DATABASE_URL) {
  for (const ws of SERVICE_WORKSPACES) {
    const env = { ...process.env, E2E_SCOPE: 'services' };
    if (!run(path.join(root, ws), ['npx', 'vitest', 'run', '--changed', base, '--passWithNoTests'], env))
      failed.push(`${ws} (servers)`);
  }
} else {
  console.log('\nDATABASE_URL is not set: the pass against PostgreSQL, Redis and S3 was skipped (see the README).');
}
console.log(failed.length ? `\ntest:changed: failed in ${failed.join(', ')}` : '\ntest:changed: all passed');
process.exit(failed.length ? 1 : 0);
