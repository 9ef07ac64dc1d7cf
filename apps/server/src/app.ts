/**
 * The composition root: the platform's server and plugins (database, storage, mail, jobs), then each module's
 * plugin and routes. The only file that knows every module.
 */
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './platform/config';
import dbPlugin from './platform/db/db-plugin';
import { createServer, registerApi, serveWeb, type ServerDeps } from './platform/http/server';
import jobsPlugin from './platform/jobs/jobs-plugin';
import healthPlugin from './platform/observability/health-plugin';
import mailerPlugin, { type Mailer } from './platform/mail/mailer';
import storagePlugin from './platform/storage/storage-plugin';
import { accountsPlugin, accountsRoutes, withdrawalRoutes } from './modules/accounts';
import { alertsLeaver, alertsPlugin, alertsRootRoutes, alertsRoutes } from './modules/alerts';
import { catalogRoutes, seedReference } from './modules/catalog';
import { collectionsRoutes } from './modules/collections';
import { consoleRoutes } from './modules/console';
import { discoveryRoutes } from './modules/discovery';
import { itemsRootRoutes, itemsRoutes } from './modules/items';
import { referralLeaver, referralPlugin, referralRoutes } from './modules/referral';
import type { Db } from './modules/schema';
import { socialLeaver, socialModuleRoutes } from './modules/social';
import { supportLeaver, supportModuleRoutes } from './modules/support';
import { tradingLeaver, tradingModuleRoutes, tradingPlugin } from './modules/trading';
import { watchlistLeaver, watchlistModuleRoutes, watchlistPlugin } from './modules/watchlist';

export interface AppDeps extends ServerDeps {
  /** A database to use instead of opening one from config (the caller closes it). */
  db?: Db;
  /** A mailer to use instead of SMTP / the dev outbox. */
  mailer?: Mailer;
  /** False: the jobs wait for `app.jobs.start()` or `runNow` (a test that must subscribe before they run). */
  autoStartJobs?: boolean;
}

export async function buildApp(config: AppConfig, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = await createServer(config, deps);

  // Platform plugins; the database is seeded with its reference data (categories, token prices) on start.
  await app.register(dbPlugin, { db: deps.db, prepare: (db) => seedReference(db as Db) });
  await app.register(storagePlugin);
  await app.register(mailerPlugin, { mailer: deps.mailer });
  // A web instance runs no jobs: the workers (ROLE=worker) do.
  await app.register(jobsPlugin, { autoStart: config.role === 'web' ? false : deps.autoStartJobs });
  await app.register(healthPlugin);

  // Modules' app-level plugins.
  await app.register(accountsPlugin);
  await app.register(alertsPlugin);
  await app.register(tradingPlugin);
  await app.register(referralPlugin);
  await app.register(watchlistPlugin);

  await registerApi(app, [
    accountsRoutes,
    alertsRoutes,
    catalogRoutes,
    collectionsRoutes,
    itemsRoutes,
    discoveryRoutes,
    supportModuleRoutes,
    socialModuleRoutes,
    consoleRoutes,
    tradingModuleRoutes,
    referralRoutes,
    watchlistModuleRoutes,
    // A withdrawal asks every module that holds something of the member, in one transaction.
    withdrawalRoutes([tradingLeaver, referralLeaver, socialLeaver, supportLeaver, alertsLeaver, watchlistLeaver]),
  ]);
  await app.register(alertsRootRoutes);
  await app.register(itemsRootRoutes);
  await serveWeb(app);
  return app;
}
