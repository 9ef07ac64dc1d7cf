/** Runs an operator command as an operator would (`npm run <script> -- args` from the repository root). */
import { spawn } from 'node:child_process';
import { repoRoot } from '../src/command';

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** A command still running after `timeoutMs` is killed (code -1, stderr says so). */
export function runNpm(
  script: string,
  args: string[],
  env: Record<string, string | undefined>,
  input?: string,
  timeoutMs = 180_000,
): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    });
    const timer = setTimeout(() => {
      stderr += `\n(killed: still running after ${timeoutMs} ms)`;
      process.kill(-child.pid!, 'SIGKILL');
    }, timeoutMs);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout, stderr });
    });
    child.stdin.end(input ?? '');
  });
}
