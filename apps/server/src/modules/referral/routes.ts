/** Referral rewards, the member's own side: `/referral/summary` and `/referral/list` (logged in; the ticket names the member, so nobody reads another's). */
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/define-route';
import { referralLedger } from './referral-ledger';
import { referralSummary } from './referral-summary';

export default async function referralRoutes(app: FastifyInstance) {
  defineRoute(app, '/referral/summary', async ({ member }) => referralSummary(app.db, member));
  defineRoute(app, '/referral/list', async ({ body, member }) =>
    referralLedger(app.db, member.memberIdx, body.pageNo, body.pageSize),
  );
}
