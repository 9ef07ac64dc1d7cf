/** Decorates the app with its config and a clock (`app.now()`; tests may pass their own). */
import fp from 'fastify-plugin';
import type { AppConfig } from './config';
import { systemClock } from './clock';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    now: () => Date;
  }
}

export default fp<{ config: AppConfig; now?: () => Date }>(
  async (app, opts) => {
    app.decorate('config', opts.config);
    app.decorate('now', opts.now ?? systemClock);
  },
  { name: 'app-config' },
);
