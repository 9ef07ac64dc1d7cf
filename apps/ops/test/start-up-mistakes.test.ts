/**
 * Start-up mistakes an operator makes, each answered in one line with no stack trace: `npm run serve` (or
 * `reindex`, `check-chain`) before `npm run build`, or with a build missing a dependency; and where
 * `npm run deploy` puts the deployment file (under the data directory, never the working tree).
 */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { deploymentPath, repoRoot } from '../src/command';

const dir = mkdtempSync(path.join(tmpdir(), 'att-start-up-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A copy of the repository's launcher in a tree of its own, built as the test says. */
function launcherIn(name: string): string {
  const root = path.join(dir, name);
  mkdirSync(path.join(root, 'scripts'), { recursive: true });
  copyFileSync(path.join(repoRoot, 'scripts', 'run-built.mjs'), path.join(root, 'scripts', 'run-built.mjs'));
  return path.join(root, 'scripts', 'run-built.mjs');
}

function run(launcher: string, args: string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--enable-source-maps', launcher, ...args], {
      cwd: path.dirname(path.dirname(launcher)),
      env: { PATH: process.env.PATH },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stderr }));
  });
}

const oneLine = (text: string) => text.trimEnd().split('\n');

describe('the server commands refuse in one line', () => {
  it('before npm run build', async () => {
    const r = await run(launcherIn('unbuilt'), ['serve']);
    expect(r.code).toBe(1);
    expect(oneLine(r.stderr)).toEqual(['refused: apps/server/dist/serve.js is missing: run `npm run build` first']);
  });

  it('with a build that misses a dependency, and for a command that does not exist', async () => {
    const launcher = launcherIn('half-built');
    const dist = path.join(dir, 'half-built', 'apps', 'server', 'dist');
    mkdirSync(dist, { recursive: true });
    writeFileSync(path.join(dist, 'reindex.js'), "import '@att/not-installed';\n");
    const r = await run(launcher, ['reindex', '--check']);
    expect(r.code).toBe(1);
    const lines = oneLine(r.stderr);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^refused: the build is incomplete \(.*@att\/not-installed.*\): run `npm install && npm run build` first$/,
    );
    const bad = await run(launcher, ['../../etc/passwd']);
    expect(bad.code).toBe(1);
    expect(oneLine(bad.stderr)).toEqual(['refused: no server command named "../../etc/passwd"']);
  });

  it('npm run serve goes through the launcher', () => {
    const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    for (const script of ['serve', 'reindex', 'check-chain'] as const)
      expect(pkg.scripts[script]).toMatch(/ scripts\/run-built\.mjs /);
  });
});

describe('npm run deploy writes the deployment file outside the working tree', () => {
  it('under DATA_DIR (default .data, git-ignored), unless DEPLOYMENT_FILE or --out names one', () => {
    expect(deploymentPath(1001, undefined, {})).toBe(path.join(repoRoot, '.data', 'deployments', '1001.json'));
    expect(deploymentPath(1001, undefined, { DATA_DIR: '/srv/att' })).toBe('/srv/att/deployments/1001.json');
    expect(deploymentPath(1001, undefined, { DATA_DIR: '/srv/att', DEPLOYMENT_FILE: '/etc/att/d.json' })).toBe(
      '/etc/att/d.json',
    );
    expect(deploymentPath(1001, '/tmp/out.json', { DEPLOYMENT_FILE: '/etc/att/d.json' })).toBe('/tmp/out.json');
  });
});
