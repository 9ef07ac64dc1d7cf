/**
 * What a use case takes instead of the whole app: the pieces it uses, picked by name (`Uses<'db' | 'now'>`). The app
 * decorates each piece under the same name, so a route passes the app and the use case sees only what it declared;
 * a test passes a small object. `eslint.config.js` refuses an exported function outside routes, plugins and
 * composition whose first parameter is the Fastify app.
 */
import type { FastifyInstance } from 'fastify';

/** The app's pieces a use case may take: database, clock, config, logger, storage, mailer, alerts, chain, health. */
export type AppDeps = Pick<
  FastifyInstance,
  'db' | 'now' | 'config' | 'log' | 'storage' | 'mailer' | 'alerts' | 'trading' | 'health' | 'metrics' | 'inject'
>;

export type Uses<K extends keyof AppDeps> = Pick<AppDeps, K>;
