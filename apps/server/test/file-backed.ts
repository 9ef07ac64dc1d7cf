/**
 * A chain test whose database is a file-backed PGlite (loaded from the run's migrated template), so a child
 * process can open it after the app closes, and the indexer alone in such a child (test/indexer-child.ts).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { PGLITE_EXTENSIONS } from '../src/platform/db/connection';
import { migrate } from '../src/platform/db/migrate';
import { createDb, type Db } from '../src/modules/schema';
import { chainTest, type ChainTest } from './chain';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface FileBacked {
  c: ChainTest;
  dir: string;
  /** The app's handle on the file (close the app and destroy it before a child opens the file). */
  db: Db;
  remove(): Promise<void>;
}

export async function fileBackedChainTest(prefix: string): Promise<FileBacked> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  const template = inject('pgliteTemplate');
  const db = template
    ? createDb({
        pglite: new PGlite(dir, {
          loadDataDir: new Blob([new Uint8Array(await readFile(template))]),
          extensions: PGLITE_EXTENSIONS,
        }),
      })
    : createDb({ pgliteDir: dir });
  await migrate(db);
  const c = await chainTest({ deps: { db } });
  return {
    c,
    dir,
    db,
    async remove() {
      await c.anvil.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Runs the indexer in a child process on `f.dir`; `onLine` sees each line it prints and may kill it. */
export function runIndexerChild(
  f: Pick<FileBacked, 'c' | 'dir'>,
  onLine: (line: string, kill: () => void) => void,
): Promise<void> {
  const { c, dir } = f;
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(here, 'indexer-child.ts'),
      dir,
      c.anvil.rpcUrl,
      c.d.market,
      c.d.items,
      c.d.att,
      String(c.d.deployBlock),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'], cwd: path.join(here, '..') },
  );
  const kill = () => {
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  // Whole lines: a 'data' event is a chunk of the pipe, which may end in the middle of a line.
  const lines = createInterface({ input: child.stdout });
  lines.on('line', (line) => {
    if (line) onLine(line, kill);
  });
  // Done when the child has exited and its last line has been read (the pipe may still hold some at its exit).
  return Promise.all([once(child, 'exit'), once(lines, 'close')]).then(() => undefined);
}
