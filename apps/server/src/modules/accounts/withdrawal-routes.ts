/**
 * POST /user/withdraw: a logged-in member leaves, with a fresh wallet signature over a server nonce (as sign-in:
 * domain, chain, nonce, expiry), so a ticket alone cannot delete an account. The use case decides; after its
 * commit the stored images are removed and every socket of the member is closed.
 */
import { ReturnCode } from '@att/shared';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/define-route';
import type { MemberLeaver } from './member-leaver';
import { verifySigned } from './verify-signed';
import { withdrawMember } from './withdraw-member';

/** The route, with the owner modules' parts (handed over by the composition root). */
export function withdrawalRoutes(leavers: readonly MemberLeaver[]) {
  return async function routes(app: FastifyInstance) {
    defineRoute(app, '/user/withdraw', async ({ body, member }) => {
      // The ticket's address was checked against body.address by defineRoute; the signature must be that wallet's.
      await verifySigned(app, body);
      const outcome = await withdrawMember(app, leavers, member.memberIdx);
      if (outcome.kind === 'not-active') return { returnCode: ReturnCode.AccountDeleted };
      if (outcome.kind === 'obligations') {
        return { returnCode: ReturnCode.RelatedDataExists, data: { obligations: outcome.lines } };
      }
      for (const key of outcome.files) {
        await app.storage
          .remove(key)
          .catch((err: unknown) => app.log.warn({ err, key }, 'withdrawn image not removed'));
      }
      await app.alerts
        .endSessions(member.address, { except: '' })
        .catch((err: unknown) => app.log.warn({ err }, 'alert sockets of a withdrawn member not closed'));
      return { returnCode: ReturnCode.Success };
    });
  };
}
