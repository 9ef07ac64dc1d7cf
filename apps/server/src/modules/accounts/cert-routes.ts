/** Sign-up with e-mail verification: sign up, resend the mail, change the e-mail of a pending sign-up, verify. */
import { ReturnCode } from '@att/shared';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/define-route';
import { mailNewCode } from './mail-sign-up-code';
import { verifyCode } from './sign-up-codes';
import { membersRepo } from './members-repository';
import { signUpsRepo } from './signups-repository';
import { verifySigned } from './verify-signed';

export default async function certRoutes(app: FastifyInstance) {
  defineRoute(
    app,
    '/cert/email/register/request',
    async ({ body, request }) => {
      await verifySigned(app, body);
      const referrerIdx = body.ref ? await membersRepo(app.db).referrerOf(body.ref, body.address) : undefined;
      const returnCode = await mailNewCode(app, request, {
        address: body.address,
        userName: body.id.trim(),
        email: body.email.trim(),
        lang: body.lang,
        aboutMe: body.aboutMe,
        ...(referrerIdx !== undefined ? { referrerIdx } : {}),
      });
      return { returnCode };
    },
    {
      // agreeAge false is the under-19 answer; other consents or fields are plain validation failures.
      invalidCode: (issues, raw) =>
        issues.some((i) => i.path[0] === 'agreeAge') && raw.agreeAge !== true ? ReturnCode.Under19 : undefined,
    },
  );

  defineRoute(app, '/cert/email/register/resend', async ({ body, request }) => {
    await verifySigned(app, body);
    const pending = await signUpsRepo(app.db).pendingOf(body.address);
    if (!pending) return { returnCode: ReturnCode.AccountNotFound };
    if (pending === 'verified') return { returnCode: ReturnCode.AddressExists };
    const returnCode = await mailNewCode(app, request, { ...pending, lang: body.lang ?? pending.lang });
    return { returnCode };
  });

  defineRoute(app, '/cert/email/register/email', async ({ body, request }) => {
    await verifySigned(app, body);
    const pending = await signUpsRepo(app.db).pendingOf(body.address);
    if (!pending) return { returnCode: ReturnCode.AccountNotFound };
    if (pending === 'verified') return { returnCode: ReturnCode.AddressExists };
    const returnCode = await mailNewCode(app, request, {
      ...pending,
      email: body.email.trim(),
      lang: body.lang ?? pending.lang,
    });
    return { returnCode };
  });

  defineRoute(app, '/emailVerify/register/check', async ({ body }) => {
    await verifySigned(app, body);
    const outcome = await signUpsRepo(app.db).verify(body.address, body.email.trim(), body.cert, app.now());
    return { returnCode: verifyCode(outcome) };
  });
}
