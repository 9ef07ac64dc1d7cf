/**
 * The accounts module's job: hourly purge of used or expired sign-in nonces and tickets, old mail reservations,
 * stale pending sign-ups and expired idempotency keys.
 */
import type { JobDefinition } from '../../platform/jobs/job';
import { idempotencyKeysRepo } from './idempotency-keys-repository';
import { mailSendsRepo } from './mail-sends-repository';
import { sessionsRepo } from './sessions-repository';
import { signUpsRepo } from './signups-repository';
import type { Uses } from '../../platform/deps';

export const PURGE_EVERY_MS = 60 * 60 * 1000;

export function accountsJobs(deps: Uses<'db'>): JobDefinition[] {
  return [
    {
      name: 'accounts.purge',
      everyMs: PURGE_EVERY_MS,
      run: async ({ now }) => {
        await Promise.all([
          sessionsRepo(deps.db).purgeExpired(now),
          mailSendsRepo(deps.db).purge(now),
          signUpsRepo(deps.db).purgeStale(now),
          idempotencyKeysRepo(deps.db).purgeExpired(now),
        ]);
      },
    },
  ];
}
