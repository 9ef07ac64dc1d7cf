/**
 * Accounts: wallet sign-in (EIP-4361 nonces, tickets), sign-up with e-mail verification, user info, profile and
 * banner images, notification settings, members' idempotency keys of money calls, inactive members' data kept apart. It decorates `app.authenticate`,
 * which every logged-in route uses, and `app.idempotencyKeys`, the store behind every money route.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { authenticate } from './authenticate';
import { idempotencyKeysRepo } from './idempotency-keys-repository';
import { accountsJobs } from './jobs';
import certRoutes from './cert-routes';
import accountsConsoleRoutes from './console';
import uploadRoutes from './profile-upload-routes';
import ticketRoutes from './ticket-routes';
import userRoutes from './user-routes';

/** App-level: `app.authenticate`, `app.idempotencyKeys`, and the module's jobs. */
export const accountsPlugin = fp(
  async (app) => {
    app.decorate('authenticate', (claim) => authenticate(app, claim));
    app.decorate('idempotencyKeys', idempotencyKeysRepo(app.db));
    for (const job of accountsJobs(app)) app.jobs.register(job);
  },
  { name: 'accounts', dependencies: ['db', 'jobs', 'mailer'] },
);

/** The module's API routes (registered under API_BASE). */
export async function accountsRoutes(app: FastifyInstance) {
  await app.register(ticketRoutes);
  await app.register(userRoutes);
  await app.register(certRoutes);
  await app.register(uploadRoutes);
  await app.register(accountsConsoleRoutes);
}

export { membersRepo, type MemberRow } from './members-repository';
export { withdrawalRoutes } from './withdrawal-routes';
export type { LeavingMember, MemberLeaver } from './member-leaver';
export { auditLeaving } from './member-leaver';
export { setMemberBlockedIn } from './console-repository';
export { seedMembers, DEMO_MEMBERS, DEMO_OPERATOR, type SeedMember } from './seed-members';
