import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const webDist = path.join(repoRoot, 'apps/web/dist');

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** Builds the web app when there is no build, or its sources (or the shared contract) changed since. */
export function ensureWebBuild(): void {
  const index = path.join(webDist, 'index.html');
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  const sources = [
    'apps/web/src',
    'apps/web/index.html',
    'apps/web/public',
    'packages/shared/src',
    'packages/contracts/src',
  ];
  if (built && sources.every((s) => newestMtime(path.join(repoRoot, s)) <= built)) return;
  console.log('Building the web app…');
  // Always the production build: under vitest (E2E) NODE_ENV is `test`, and Vite would bundle React's
  // development build (twice the size, slower) into what the journeys and the first-load bench measure.
  execFileSync('npm', ['run', 'build', '-w', '@att/web'], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
