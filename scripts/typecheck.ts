/**
 * `npm run typecheck`: every TypeScript project of the repository, two at a time (`TYPECHECK_JOBS` to change), the
 * slowest first. Each project is one `tsc` that also reads the sources it imports from other workspaces, so one
 * after the other they took 111 s here; two side by side keep both cores busy. A project's errors are printed
 * whole when it ends, never interleaved with another's.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const readJson = (file: string) =>
  JSON.parse(readFileSync(path.join(root, file), 'utf8')) as {
    workspaces?: string[];
    scripts?: Record<string, string>;
  };
// The scripts folder and every workspace with a typecheck script; the slowest first (measured: server 24 s, e2e 23 s,
// web 21 s, scripts 18 s, ops 11 s, contracts 9 s, shared 5 s), a new workspace before them.
const SLOWEST = ['apps/server', 'apps/e2e', 'apps/web', 'scripts', 'apps/ops', 'packages/contracts', 'packages/shared'];
const PROJECTS = [
  'scripts',
  ...(readJson('package.json').workspaces ?? []).filter((w) => readJson(`${w}/package.json`).scripts?.typecheck),
].sort((a, b) => SLOWEST.indexOf(a) - SLOWEST.indexOf(b));
const jobs = Number(process.env.TYPECHECK_JOBS) || Math.min(2, cpus().length);
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');

function check(project: string): Promise<{ project: string; code: number; output: string; seconds: number }> {
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '--noEmit', '-p', path.join(project, 'tsconfig.json')], { cwd: root });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('close', (code) => resolve({ project, code: code ?? 1, output, seconds: (Date.now() - t0) / 1000 }));
  });
}

const queue = [...PROJECTS];
let failed = 0;
await Promise.all(
  Array.from({ length: jobs }, async () => {
    for (let p = queue.shift(); p; p = queue.shift()) {
      const r = await check(p);
      console.log(`typecheck ${r.project}: ${r.code === 0 ? 'ok' : `exit ${r.code}`} (${r.seconds.toFixed(1)} s)`);
      if (r.output.trim()) console.log(r.output.trimEnd());
      if (r.code !== 0) failed++;
    }
  }),
);
if (failed) {
  console.log(`typecheck: ${failed} of ${PROJECTS.length} projects failed`);
  process.exit(1);
}
