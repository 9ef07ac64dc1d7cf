/**
 * Starts a local anvil chain for `npm start` and the tests. The binary comes from the npm package
 * `@foundry-rs/anvil` (platform package `@foundry-rs/anvil-linux-amd64`); `anvil` on PATH is the fallback.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';

export interface StartAnvilOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Default 31337. */
  chainId?: number;
  /** anvil `--state`: loaded if the file exists, dumped on exit (so stop() keeps the chain). */
  stateFile?: string;
  /** Seconds per block; default: automine (a block per transaction). */
  blockTime?: number;
  /** Do not forward anvil's output (default true). */
  silent?: boolean;
}

export interface AnvilInstance {
  rpcUrl: string;
  port: number;
  chainId: number;
  stop(): Promise<void>;
}

function anvilBinary(): string {
  const require = createRequire(import.meta.url);
  for (const pkg of [
    `@foundry-rs/anvil-${process.platform}-${process.arch === 'x64' ? 'amd64' : process.arch}`,
    '@foundry-rs/anvil-linux-amd64',
  ]) {
    try {
      const bin = require.resolve(`${pkg}/bin/anvil`);
      if (existsSync(bin)) return bin;
    } catch {
      // not installed for this platform; try the next candidate
    }
  }
  return 'anvil';
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function rpcChainId(rpcUrl: string): Promise<number | undefined> {
  try {
    const res = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(1000),
    });
    const body = (await res.json()) as { result?: string };
    return body.result ? Number(body.result) : undefined;
  } catch {
    return undefined;
  }
}

function waitForExit(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
  });
}

export async function startAnvil(opts: StartAnvilOptions = {}): Promise<AnvilInstance> {
  const chainId = opts.chainId ?? 31337;
  const silent = opts.silent ?? true;
  // A free port can be taken between probing and binding; retry a few times when port 0 was asked for.
  for (let attempt = 0; ; attempt++) {
    const port = opts.port && opts.port > 0 ? opts.port : await freePort();
    const args = ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId)];
    if (opts.stateFile) args.push('--state', opts.stateFile);
    if (opts.blockTime !== undefined) args.push('--block-time', String(opts.blockTime));
    const child = spawn(anvilBinary(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => {
      stderr += d.toString();
      if (!silent) process.stderr.write(d);
    });
    // Ready only once *this* anvil says it is listening: another process's anvil may have taken the probed port
    // and would answer the RPC too (two test runs sharing one chain revert each other's transactions).
    let listening = false;
    // Looked for in what came so far, not in one chunk: a chunk of the pipe may end in the middle of the line.
    let seen = '';
    child.stdout?.on('data', (d: Buffer) => {
      if (!listening) {
        seen = (seen + d.toString()).slice(-4096);
        listening = seen.includes('Listening on');
      }
      if (!silent) process.stdout.write(d);
    });
    const rpcUrl = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 15_000;
    let ready = false;
    while (Date.now() < deadline && child.exitCode === null && child.signalCode === null) {
      if (listening && (await rpcChainId(rpcUrl)) === chainId) {
        ready = true;
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    if (ready) {
      const exited = waitForExit(child);
      return {
        rpcUrl,
        port,
        chainId,
        async stop() {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          await exited;
        },
      };
    }
    child.kill('SIGKILL');
    await waitForExit(child);
    if (attempt >= 3 || (opts.port && opts.port > 0)) {
      throw new Error(`anvil did not start on ${rpcUrl}: ${stderr.trim().slice(-500)}`);
    }
  }
}
