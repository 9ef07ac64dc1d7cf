/**
 * The accounts module's jobs: `accounts.inactive` (inactive-members.ts), and the hourly purge of used or expired sign-in nonces and tickets, old mail reservations,
 * stale pending sign-ups and expired idempotency keys.
 */
import type { JobDefinition } from '../../platform/jobs/job';
import { idempotencyKeysRepo } from './idempotency-keys-repository';
import { mailSendsRepo } from './mail-sends-repository';
import { sessionsRepo } from './sessions-repository';
import { signUpsRepo } from './signups-repository';
import type { Uses } from '../../platform/deps';
import { keepInactiveMembersApart } from './inactive-members';

export const PURGE_EVERY_MS = 60 * 60 * 1000;

/** How often inactive members are looked for (a notice or a move a few hours late changes nothing). */
export const INACTIVE_EVERY_MS = 6 * 60 * 60 * 1000;
export const INACTIVE_JOB = 'accounts.inactive';

export function accountsJobs(deps: Uses<'db' | 'mailer' | 'config' | 'log'>): JobDefinition[] {
  return [
    {
      name: INACTIVE_JOB,
      everyMs: INACTIVE_EVERY_MS,
      run: async ({ now }) => {
        await keepInactiveMembersApart(deps, now);
      },
    },
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
