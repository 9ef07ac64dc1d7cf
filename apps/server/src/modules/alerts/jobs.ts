/**
 * `alerts.dispatch`: numbers the outbox's committed alerts in id order (their send order, the id a client sees and
 * replays from), publishes them (in-process or through Redis) and marks them dispatched; a correction (a reorg
 * undid an alert already numbered) is one of them, carrying the id of the alert it takes back. A crash after publishing and before marking publishes them again after the restart (at least
 * once); nothing committed is ever lost between the event and its alert.
 */
import type { JobDefinition } from '../../platform/jobs/job';
import { runsBeside } from '../../platform/db/connection';
import { repositoryOf } from '../../platform/db/repository';
import { newTicket, sha256 } from '../../platform/secrets';
import { alertMail } from './alert-mail';
import { createOutboxRepository } from './outbox-repository';
import type { Uses } from '../../platform/deps';

/** The poll: a fallback, since a transaction that writes alerts wakes the dispatcher when it commits (alerts-plugin.ts). */
export const DISPATCH_EVERY_MS = 100;
export const DISPATCH_JOB = 'alerts.dispatch';
/** Alerts numbered and sent per round (a burst of 5,000 takes five take-and-number statements, and one mark at the end). */
const BATCH = 1000;
/** The first round is smaller: its alerts go out while the next round is being numbered. */
const FIRST_BATCH = 250;
/** A run that goes on round after round marks what it sent every this many alerts (else once, at its end). */
const MARK_EVERY = 10_000;
/** `alerts.mail`: how often it looks for mails to send, and how many it sends in one run. */
export const MAIL_EVERY_MS = 2_000;
const MAIL_BATCH = 20;
/** How long an alert mail's unsubscribe link works. */
export const UNSUBSCRIBE_TTL_MS = 180 * 86_400_000;
const outbox = repositoryOf(createOutboxRepository);

export function alertsJobs(deps: Uses<'db' | 'config' | 'log' | 'mailer' | 'alerts'>): JobDefinition[] {
  return [
    {
      name: DISPATCH_JOB,
      everyMs: DISPATCH_EVERY_MS,
      run: async ({ now }) => {
        const repo = outbox(deps.db);
        // Taken and numbered in one statement, in the order they are sent, before they are sent: the number is the id
        // clients replay from. Only those numbered and not retracted are sent (a retraction that came first leaves its
        // alert unnumbered). The next batch is taken while this one is published (in PostgreSQL the two overlap), and
        // the run marks what it sent once, at its end: a burst's last alert waits for no mark (a crash before the mark
        // sends the run's alerts again, with the same ids, so a client can tell them apart: at least once).
        const sent: string[] = [];
        const beside = runsBeside(deps.db);
        /** The next round, taken while one is published: handled at once (a failure is thrown where it is awaited). */
        const take = (limit: number, afterId?: string) => {
          const round = repo.claim(limit, afterId);
          round.catch(() => undefined);
          return round;
        };
        let next = take(FIRST_BATCH);
        try {
          for (;;) {
            const due = await next;
            if (due.length === 0) break;
            const last = due[due.length - 1]!.alertId;
            next = due.length < (sent.length === 0 ? FIRST_BATCH : BATCH) ? Promise.resolve([]) : take(BATCH, last);
            // On a PostgreSQL server the statement goes out now and runs while this round is published; PGlite would
            // run it here, on this thread, ahead of the round: it runs once the round is out.
            if (beside) await new Promise((r) => setImmediate(r));
            // Published in order without waiting for each (Redis pipelines them on one connection, in order;
            // in-process each is delivered as it is published); a failure leaves the run's alerts undispatched, to be
            // sent again.
            const published: Promise<void>[] = [];
            for (const a of due) {
              if (a.seq === null) continue;
              published.push(
                deps.alerts.publish(a.address, {
                  id: a.seq,
                  type: a.type,
                  productIdx: a.productIdx,
                  inquiryIdx: a.inquiryIdx,
                  retracts: a.retracts,
                  itemName: a.itemName,
                  topBid: a.topBid,
                  floorMove: a.floorMove,
                }),
              );
            }
            await Promise.all(published);
            for (const a of due) sent.push(a.alertId);
            // A stream that keeps every round full is marked as it goes, so a crash sends at most this many again.
            if (sent.length >= MARK_EVERY) await repo.markDispatched(sent.splice(0), now);
          }
        } finally {
          // A claim still running when a publish failed: its numbers stay, and its rows are taken again next run.
          await next.catch(() => []);
        }
        await repo.markDispatched(sent, now);
      },
    },
    {
      // The mails of alerts whose member wants them by e-mail, oldest first. The mail is sent outside any transaction;
      // a mail server that fails leaves the alert's mail pending and ends the run, so an outage delays mail and loses
      // none (a crash between sending and marking sends that one mail again: at least once).
      name: 'alerts.mail',
      everyMs: MAIL_EVERY_MS,
      run: async ({ now }) => {
        const repo = outbox(deps.db);
        for (const m of await repo.mailsDue(MAIL_BATCH)) {
          if (!m.send) {
            await repo.markMailed(m.alertId, false, now);
            continue;
          }
          const token = newTicket();
          await repo.saveUnsubscribe(sha256(token), m.address, new Date(now.getTime() - UNSUBSCRIBE_TTL_MS));
          const mail = alertMail({
            to: m.email,
            lang: m.lang,
            userName: m.userName,
            type: m.type,
            productIdx: m.productIdx,
            itemName: m.itemName,
            topBid: m.topBid,
            floorMove: m.floorMove,
            publicOrigin: deps.config.publicOrigin,
            unsubscribeToken: token,
          });
          try {
            await deps.mailer.send(mail);
          } catch (err) {
            deps.log.warn(
              { err, alertId: m.alertId },
              'alert mail not sent: the mail server failed; it is tried again on the next run',
            );
            return;
          }
          await repo.markMailed(m.alertId, true, now);
        }
      },
    },
  ];
}
