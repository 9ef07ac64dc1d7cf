/**
 * `accounts.inactive`: members who have not signed in for INACTIVE_AFTER_DAYS are kept apart, as the privacy policy
 * says, unless the operator turned it off (the console's switch; off: the job does nothing). INACTIVE_NOTICE_DAYS
 * before, each is mailed a notice once (claimed before the mail, released when the mail server fails, so a rerun or
 * a second instance mails nobody twice); a member is moved only once their notice is that old. The restore is the
 * sign-in's (restoreAtSignIn). Safe to run twice at once: claims and moves take their rows with SKIP LOCKED.
 */
import { INACTIVE_AFTER_DAYS, INACTIVE_NOTICE_DAYS } from '@att/shared';
import type { Uses } from '../../platform/deps';
import { catalogRepo } from '../catalog';
import { claimNotices, INACTIVE_BATCH, moveInactive, releaseNotice } from './inactive-members-repository';
import { inactiveNoticeMail } from './inactive-notice-mail';

const DAY_MS = 86_400_000;

const ago = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/** Mails the notices due, each once; a mail server that fails ends it, the unsent ones due again. */
async function sendNotices(deps: Uses<'db' | 'mailer' | 'config' | 'log'>, now: Date): Promise<number> {
  let noticed = 0;
  for (;;) {
    const due = await claimNotices(deps.db, ago(now, INACTIVE_AFTER_DAYS - INACTIVE_NOTICE_DAYS), now);
    for (const [i, m] of due.entries()) {
      const moveOn = new Date(
        Math.max(
          m.lastSignInAt.getTime() + INACTIVE_AFTER_DAYS * DAY_MS,
          now.getTime() + INACTIVE_NOTICE_DAYS * DAY_MS,
        ),
      );
      const { publicOrigin } = deps.config;
      try {
        await deps.mailer.send(
          inactiveNoticeMail({ to: m.email, userName: m.userName, lang: m.lang, moveOn, publicOrigin }),
        );
        noticed++;
      } catch (err) {
        deps.log.warn({ err }, 'inactive-member notices not sent; they are tried again on the next run');
        for (const left of due.slice(i)) await releaseNotice(deps.db, left.memberIdx, now);
        return noticed;
      }
    }
    if (due.length < INACTIVE_BATCH) return noticed;
  }
}

export async function keepInactiveMembersApart(
  deps: Uses<'db' | 'mailer' | 'config' | 'log'>,
  now: Date,
): Promise<{ noticed: number; moved: number }> {
  if (!(await catalogRepo(deps.db).inactiveMembersOn())) return { noticed: 0, moved: 0 };
  const noticed = await sendNotices(deps, now);
  let moved = 0;
  for (;;) {
    const batch = await moveInactive(deps.db, ago(now, INACTIVE_AFTER_DAYS), ago(now, INACTIVE_NOTICE_DAYS), now);
    moved += batch.length;
    if (batch.length < INACTIVE_BATCH) return { noticed, moved };
  }
}
