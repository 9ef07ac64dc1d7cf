/**
 * One API instance started as production starts it: `npm run serve` (the built JavaScript) in a process group of its
 * own, so a kill takes npm and the server together, as a crashed machine would. Its log goes to a file.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../src/command';
import { freePort, until } from './services';

export type Instance = Awaited<ReturnType<typeof startInstance>>;

export async function startInstance(name: string, port: number, dir: string, env: Record<string, string>) {
  const metricsPort = await freePort();
  const logFile = path.join(dir, `${name}.log`);
  const log = createWriteStream(logFile);
  const child = spawn('npm', ['run', '--silent', 'serve'], {
    cwd: repoRoot,
    detached: true,
    env: {
      PATH: process.env.PATH!,
      HOME: process.env.HOME!,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      METRICS_PORT: String(metricsPort),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  let gone = false;
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code, signal) => {
      gone = true;
      resolve(code ?? (signal ? -1 : null));
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const metric = async (name: string): Promise<number | undefined> => {
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const line = text.split('\n').find((l) => l.startsWith(`${name} `));
    return line === undefined ? undefined : Number(line.split(' ')[1]);
  };
  /** The sum of a metric over its labels. */
  const metricSum = async (name: string): Promise<number> => {
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    return text
      .split('\n')
      .filter((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `))
      .reduce((n, l) => n + Number(l.split(' ').at(-1)), 0);
  };
  const instance = {
    name,
    port,
    url,
    metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
    pid: child.pid!,
    exited,
    /** False once the process has exited. */
    running: () => !gone,
    log: () => readFileSync(logFile, 'utf8'),
    metric,
    metricSum,
    /** Whether this instance holds the jobs leader lock (its metric). */
    leads: async () => (await metric('att_jobs_leader')) === 1,
    /** Signals the whole process group (npm and the server). */
    signal(sig: NodeJS.Signals) {
      try {
        process.kill(-child.pid!, sig);
      } catch {
        // already gone
      }
    },
  };
  const died = exited.then((code) => {
    throw new Error(`${name} exited with ${code}:\n${instance.log().slice(-3000)}`);
  });
  died.catch(() => undefined);
  try {
    await Promise.race([
      until(`${name} to answer /healthz`, async () => (await fetch(`${url}/healthz`)).ok || undefined, 120_000, 250),
      died,
    ]);
  } catch (err) {
    instance.signal('SIGKILL');
    throw err;
  }
  return instance;
}
