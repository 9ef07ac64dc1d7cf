/**
 * Use case: mail a new verification code for a pending sign-up (sign up, resend, change the e-mail).
 *
 * Every verification mail goes through `mailNewCode`, in this order (documented decision):
 *   1. read-only checks (42/223/226),
 *   2. reserve a send slot atomically against the quotas (per address, per mailbox with `+tag` removed, per
 *      client (IPv4, or IPv6 /64), overall): over any of them -> 111 and nothing is written or sent,
 *   3. write the pending member and the hashed code in one transaction that re-checks (42/223/226 on a lost race,
 *      and nothing is sent),
 *   4. send; a failed send undoes step 3 (nothing half-written remains) and answers 118.
 * So the mails that go out are never more than the reserved slots, however many requests run in parallel.
 */
import {
  CERT_REQUEST_LIMIT,
  CERT_REQUEST_WINDOW_MS,
  EMAIL_CERT_TTL_MS,
  ReturnCode,
  type ReturnCodeValue,
} from '@att/shared';
import type { FastifyRequest } from 'fastify';
import { clientKey } from '../../platform/http/client-key';
import { newCertCode } from '../../platform/secrets';
import { verificationLink, verificationMail } from './mail-templates';
import { mailSendsRepo } from './mail-sends-repository';
import { SignUpConflictError } from './signup-checks';
import { signUpsRepo, type PendingSignUp } from './signups-repository';
import { conflictCode } from './sign-up-codes';
import type { Uses } from '../../platform/deps';

export async function mailNewCode(
  deps: Uses<'db' | 'now' | 'config' | 'mailer'>,
  request: FastifyRequest,
  pending: PendingSignUp,
): Promise<ReturnCodeValue> {
  const now = deps.now();
  const refused = await signUpsRepo(deps.db).check(pending, now);
  if (refused !== null) return conflictCode(refused);

  const slot = await mailSendsRepo(deps.db).reserve(
    { address: pending.address, email: pending.email, client: clientKey(request.ip) },
    {
      perAddress: CERT_REQUEST_LIMIT,
      perMailbox: CERT_REQUEST_LIMIT,
      perClient: deps.config.mailQuota.perClient,
      global: deps.config.mailQuota.global,
      windowMs: CERT_REQUEST_WINDOW_MS,
    },
    now,
  );
  if (slot !== 'ok') {
    request.log.info({ quota: slot }, 'verification mail refused by quota');
    return ReturnCode.TooManyCertRequests;
  }

  const code = newCertCode();
  let saved;
  try {
    saved = await signUpsRepo(deps.db).savePending(pending, code, new Date(now.getTime() + EMAIL_CERT_TTL_MS), now);
  } catch (err) {
    if (err instanceof SignUpConflictError) return conflictCode(err.conflict);
    throw err;
  }
  const link = verificationLink(deps.config.publicOrigin, pending.email, code, pending.address);
  try {
    await deps.mailer.send({
      ...verificationMail({ to: pending.email, userName: pending.userName, link, lang: pending.lang }),
      meta: { link },
    });
  } catch (err) {
    request.log.error({ err }, 'verification mail could not be sent');
    await signUpsRepo(deps.db).undoPending(saved);
    return ReturnCode.EmailSendFailed;
  }
  return ReturnCode.Success;
}
