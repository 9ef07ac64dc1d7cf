/**
 * The production environment, shared by `npm run serve` and the operator commands (`npm run reindex`,
 * `npm run check-chain`): its defaults (DATA_DIR beside the repository, the built web app) and every reason to refuse
 * a start, one line each: a missing production setting (platform/preflight.ts), a service that does not answer, a
 * deployment file the chain disagrees with (modules/trading/deployment-check.ts).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deploymentChecks } from './modules/trading';
import { ConfigError, loadConfig, type AppConfig } from './platform/config';
import { productionRequirements, runPreflight, serviceChecks } from './platform/preflight';

/** apps/server (this file runs from src/ under tsx or from dist/ as the build). */
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function serveEnv(env: NodeJS.ProcessEnv): Record<string, string | undefined> {
  return {
    ...env,
    NODE_ENV: 'production',
    DATA_DIR: env.DATA_DIR || path.resolve(serverRoot, '../../.data'),
    WEB_DIST: env.WEB_DIST || path.resolve(serverRoot, '../web/dist'),
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
