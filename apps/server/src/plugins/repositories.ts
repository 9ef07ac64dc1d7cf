/**
 * Repositories (all SQL lives there), attached as `app.repos`; plus hourly housekeeping of old nonces, tickets,
 * mail reservations and stale pending sign-ups.
 */
import fp from 'fastify-plugin';
import { createCatalogRepository } from '../repositories/catalog-repository';
import { createCollectionsRepository } from '../repositories/collections-repository';
import { createConsoleRepository } from '../repositories/console-repository';
import { createHistoryRepository } from '../repositories/history-repository';
import { createItemsRepository } from '../repositories/items-repository';
import { createMailSendsRepository } from '../repositories/mail-sends-repository';
import { createMembersRepository } from '../repositories/members-repository';
import { createSessionsRepository } from '../repositories/sessions-repository';
import { createSignUpsRepository } from '../repositories/signups-repository';
import { createSupportRepository } from '../repositories/support-repository';
import { createUploadsRepository } from '../repositories/uploads-repository';

function createRepositories(db: Parameters<typeof createMembersRepository>[0]) {
  return {
    members: createMembersRepository(db),
    sessions: createSessionsRepository(db),
    signUps: createSignUpsRepository(db),
    catalog: createCatalogRepository(db),
    mailSends: createMailSendsRepository(db),
    uploads: createUploadsRepository(db),
    collections: createCollectionsRepository(db),
    items: createItemsRepository(db),
    support: createSupportRepository(db),
    console: createConsoleRepository(db),
    history: createHistoryRepository(db),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;

declare module 'fastify' {
  interface FastifyInstance {
    repos: Repositories;
  }
}

export default fp(
  async (app) => {
    const repos = createRepositories(app.db);
    app.decorate('repos', repos);
    const timer = setInterval(
      () => {
        const now = app.now();
        Promise.all([repos.sessions.purgeExpired(now), repos.mailSends.purge(now), repos.signUps.purgeStale(now)]).catch(
          (err: unknown) => app.log.warn({ err }, 'purge failed'),
        );
      },
      60 * 60 * 1000,
    );
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'repositories', dependencies: ['db'] },
);
