/**
 * Referral rewards (spec 1 section 9): 1 % of each sale whose buyer signed up through a member's share link accrues
 * to that member, paid monthly from the payout wallet above 0.005 of the coin; the member's own summary and ledger.
 */
import type { FastifyInstance } from 'fastify';
import referralConsoleRoutes from './console';
import referralRoutesPlugin from './routes';

export { default as referralPlugin } from './referral-plugin';
export { ACCRUE_JOB, PAYOUT_JOB } from './jobs';

/** The module's API routes (registered under API_BASE). */
export async function referralRoutes(app: FastifyInstance) {
  await app.register(referralRoutesPlugin);
  await app.register(referralConsoleRoutes);
}
export { referralLeaver } from './member-leaver';
