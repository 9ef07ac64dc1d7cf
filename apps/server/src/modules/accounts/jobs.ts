/**
 * The accounts module's job: hourly purge of used or expired sign-in nonces and tickets, old mail reservations,
 * stale pending sign-ups and expired idempotency keys.
 */
import type { FastifyInstance } from 'fastify';
import type { JobDefinition } from '../../platform/jobs/job';
import { idempotencyKeysRepo } from './idempotency-keys-repository';
import { mailSendsRepo } from './mail-sends-repository';
import { sessionsRepo } from './sessions-repository';
import { signUpsRepo } from './signups-repository';

export const PURGE_EVERY_MS = 60 * 60 * 1000;

export function accountsJobs(app: FastifyInstance): JobDefinition[] {
  return [
    {
      name: 'accounts.purge',
      everyMs: PURGE_EVERY_MS,
      run: async ({ now }) => {
        await Promise.all([
          sessionsRepo(app.db).purgeExpired(now),
          mailSendsRepo(app.db).purge(now),
          signUpsRepo(app.db).purgeStale(now),
          idempotencyKeysRepo(app.db).purgeExpired(now),
        ]);
      },
    },
  ];
}
