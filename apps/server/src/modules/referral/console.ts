/** Referral payouts on the operator console (`auth: 'operator'`): read-only, the payout job alone writes them. */
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/define-route';
import { paged } from '../console';
import { referralConsoleRepo } from './console-repository';

export default async function referralConsoleRoutes(app: FastifyInstance) {
  defineRoute(app, '/admin/referral/payout/list', async ({ body }) =>
    paged(body, await referralConsoleRepo(app.db).payouts(body)),
  );
}
