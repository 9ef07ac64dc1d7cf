/**
 * Sign-up with e-mail verification.
 *
 * Order of the sign-up (documented decision): validate and run the read-only checks, SEND the mail, and only
 * then write the pending member and the hashed code in one transaction that re-checks everything. A mail that
 * cannot be sent answers 118 with nothing written; a write that loses a race after the mail went out answers
 * 42/223/226 and the mailed code was never stored, so it verifies nothing.
 */
import { EMAIL_CERT_TTL_MS, ReturnCode } from '@att/shared';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../http/define-route';
import { verificationLink, verificationMail } from '../services/mail-templates';
import { newCertCode } from '../services/secrets';
import { verifySigned } from '../services/signed';

export default async function certRoutes(app: FastifyInstance) {
  defineRoute(
    app,
    '/cert/email/register/request',
    async ({ body, request }) => {
      await verifySigned(app, body);
      const now = app.now();
      const pending = {
        address: body.address,
        userName: body.id.trim(),
        email: body.email.trim(),
        lang: body.lang,
        aboutMe: body.aboutMe,
      };
      const refused = await app.repos.signUps.check(pending, now);
      if (refused !== null) return { returnCode: refused };

      const code = newCertCode();
      const link = verificationLink(app.config.publicOrigin, pending.email, code, pending.address);
      try {
        await app.mailer.send({
          ...verificationMail({ to: pending.email, userName: pending.userName, link, lang: pending.lang }),
          meta: { link },
        });
      } catch (err) {
        request.log.error({ err }, 'verification mail could not be sent');
        return { returnCode: ReturnCode.EmailSendFailed };
      }
      await app.repos.signUps.savePending(pending, code, new Date(now.getTime() + EMAIL_CERT_TTL_MS), now);
      return { returnCode: ReturnCode.Success };
    },
    {
      // agreeAge false is the under-19 answer; other consents or fields are plain validation failures.
      invalidCode: (issues, raw) =>
        issues.some((i) => i.path[0] === 'agreeAge') && raw.agreeAge !== true ? ReturnCode.Under19 : undefined,
    },
  );

  defineRoute(app, '/emailVerify/register/check', async ({ body }) => {
    await verifySigned(app, body);
    const returnCode = await app.repos.signUps.verify(body.address, body.email.trim(), body.cert, app.now());
    return { returnCode };
  });
}
