/**
 * `npm run serve`: the production start (run as JavaScript from `npm run build`'s dist/serve.js). Everything comes
 * from the environment and nothing from dev defaults: it refuses to start, printing one line per problem, when a
 * setting production needs is missing (DATABASE_URL, the chain, DEPLOYMENT_FILE, VALIDATOR_KEY, SMTP_URL; Redis
 * and S3 with INSTANCES > 1) or a service does not answer, or the deployment file disagrees with the chain. No dev
 * wallet (the dev chain is refused), no demo data, no mail outbox. It serves the built web app (WEB_DIST, default
 * apps/web/dist). On SIGTERM or SIGINT: the jobs stop at once (the run in progress ends, then the jobs lease is
 * released: another instance leads within a second), /readyz answers 503 for SHUTDOWN_DRAIN_MS (the balancer stops
 * sending), then the server stops accepting, finishes the requests in flight and closes the alert sockets with 1012
 * (reconnect); after SHUTDOWN_TIMEOUT_MS it exits anyway. A start that fails after the checks (a port in use, a
 * migration refused) prints one line too, with every URL's credentials masked, and a process warning is a JSON
 * log line like every other.
 */
import { parseArgs } from 'node:util';
import { buildApp } from './app';
import { maskSecrets } from './platform/http/mask-url';
import { refusals, serveEnv, startFailure } from './production';

/** A process warning (Node's, a library's) as one JSON log line: `npm run serve` turns Node's own printing off. */
let warn = (w: Error) => console.error(JSON.stringify({ level: 40, warning: w.name, msg: oneLine(w.message) }));
const oneLine = (text: string) => maskSecrets(text.replace(/\s+/g, ' ').trim());

async function main() {
  process.env.NODE_ENV = 'production';
  // `npm run serve -- --role web|worker|all` wins over ROLE.
  const { values } = parseArgs({ options: { role: { type: 'string' } }, strict: true });
  if (values.role) process.env.ROLE = values.role;
  process.on('warning', (w) => warn(w));
  const { config, problems } = await refusals(serveEnv(process.env));
  if (!config || problems.length > 0) {
    for (const p of problems) console.error(`refused: ${maskSecrets(p)}`);
    process.exit(1);
  }
  const app = await buildApp(config, { processMetrics: true });
  warn = (w) => app.log.warn({ warning: w.name }, oneLine(w.message));
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const { drainMs, timeoutMs } = config.shutdown;
    app.log.info({ signal, drainMs }, 'shutting down: unready, draining');
    app.health.drain();
    // The jobs need no draining: handing the lease over now spares the other instance the drain time.
    const jobsStopped = app.jobs.stop().catch((err: unknown) => app.log.warn({ err }, 'stopping the jobs'));
    setTimeout(() => {
      app.log.error({ timeoutMs }, 'shutdown timed out: exiting');
      process.exit(1);
    }, drainMs + timeoutMs).unref();
    await new Promise((r) => setTimeout(r, drainMs));
    await jobsStopped;
    await app.close();
    app.log.info('closed');
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  const keeper = config.keeperKey ? ' keeper set' : '';
  app.log.info(
    { chainId: config.chainId, market: config.contracts.market, instances: config.instances, role: config.role },
    `serving${keeper}`,
  );
}

main().catch((err: unknown) => {
  console.error(startFailure(err));
  process.exit(1);
});
