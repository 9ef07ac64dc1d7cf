/**
 * `alerts.dispatch`: numbers the outbox's committed alerts in id order (their send order, the id a client sees and
 * replays from), publishes them (in-process or through Redis) and marks them dispatched. A crash after publishing and before marking publishes them again after the restart (at least
 * once); nothing committed is ever lost between the event and its alert.
 */
import type { FastifyInstance } from 'fastify';
import type { JobDefinition } from '../../platform/jobs/job';
import { repositoryOf } from '../../platform/db/repository';
import { createOutboxRepository } from './outbox-repository';

export const DISPATCH_EVERY_MS = 100;
const BATCH = 200;
const outbox = repositoryOf(createOutboxRepository);

export function alertsJobs(app: FastifyInstance): JobDefinition[] {
  return [
    {
      name: 'alerts.dispatch',
      everyMs: DISPATCH_EVERY_MS,
      run: async ({ now }) => {
        const repo = outbox(app.db);
        for (;;) {
          const due = await repo.pending(BATCH);
          if (due.length === 0) return;
          // Numbered in the order they are sent, before they are sent: the number is the id clients replay from.
          const seqs = await repo.sequence(due.map((a) => a.alertId));
          for (const a of due) {
            if (a.retracted) continue;
            await app.alerts.publish(a.address, {
              id: seqs.get(a.alertId)!,
              type: a.type,
              productIdx: a.productIdx ?? undefined,
              inquiryIdx: a.inquiryIdx ?? undefined,
            });
          }
          await repo.markDispatched(
            due.map((a) => a.alertId),
            now,
          );
          if (due.length < BATCH) return;
        }
      },
    },
  ];
}
