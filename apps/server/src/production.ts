/**
 * The production environment, shared by `npm run serve` and the operator commands (`npm run reindex`,
 * `npm run check-chain`): its defaults (DATA_DIR beside the repository, the built web app, the deployment file
 * `npm run deploy` wrote under DATA_DIR) and every reason to refuse
 * a start, one line each: a missing production setting (platform/preflight.ts), a service that does not answer, a
 * deployment file the chain disagrees with (modules/trading/deployment-check.ts).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deploymentChecks } from './modules/trading';
import { ConfigError, loadConfig, type AppConfig } from './platform/config';
import { maskSecrets } from './platform/http/mask-url';
import { productionRequirements, runPreflight, serviceChecks } from './platform/preflight';

/** apps/server (this file runs from src/ under tsx or from dist/ as the build). */
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function serveEnv(env: NodeJS.ProcessEnv): Record<string, string | undefined> {
  const dataDir = env.DATA_DIR || path.resolve(serverRoot, '../../.data');
  const chainId = env.CHAIN_ID?.trim();
  return {
    ...env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    WEB_DIST: env.WEB_DIST || path.resolve(serverRoot, '../web/dist'),
    // Where `npm run deploy` writes it for this chain (apps/ops command.ts), unless named.
    DEPLOYMENT_FILE:
      env.DEPLOYMENT_FILE || (chainId ? path.join(dataDir, 'deployments', `${chainId}.json`) : undefined),
  };
}

/** Every reason not to start, one line each (empty: start). */
export async function refusals(
  env: Record<string, string | undefined>,
): Promise<{ config?: AppConfig; problems: string[] }> {
  let config: AppConfig;
  try {
    config = loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError)
      return {
        problems: err.message
          .split('\n')
          .slice(1)
          .map((l) => l.trim()),
      };
    throw err;
  }
  const problems = productionRequirements(env, config);
  if (config.webDist && !existsSync(path.join(config.webDist, 'index.html')))
    problems.push(`WEB_DIST ${config.webDist} has no index.html (run npm run build)`);
  const chainSet = Boolean(env.CHAIN_RPC_URL?.trim() && env.CHAIN_ID?.trim());
  problems.push(...(await runPreflight([...serviceChecks(config), ...(chainSet ? deploymentChecks(config) : [])])));
  return { config, problems };
}

/** The one line a start that failed after the checks prints (no stack trace, no secret). */
export function startFailure(err: unknown): string {
  const e = err as NodeJS.ErrnoException & { port?: number; address?: string };
  if (e?.code === 'EADDRINUSE')
    return `refused: port ${e.port ?? '?'} on ${e.address ?? 'the host'} is in use (another server is listening there: stop it, or set PORT / METRICS_PORT)`;
  if (e?.code === 'EACCES') return `refused: port ${e.port ?? '?'} needs privileges (use a port above 1023)`;
  const message = (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? '';
  return `failed to start: ${maskSecrets(message)}`;
}
