/**
 * Referral rewards: the accrual job always; the payout job with a payout wallet (`PAYOUT_KEY`; on the local dev
 * chain the dev fee receiver's account, which holds the platform fee) and a Market to pay on. `app.referral.payer`
 * is that wallet's payer (tests and the dev console step it).
 */
import { DEV_ROLE_KEYS } from '@att/contracts';
import { DEV_CHAIN_ID } from '@att/shared';
import fp from 'fastify-plugin';
import { ZERO_ADDRESS } from '../../platform/config';
import { referralJobs } from './jobs';
import { referralPayer, type ReferralPayer } from './pay-referrers';

declare module 'fastify' {
  interface FastifyInstance {
    referral: { payer?: ReferralPayer };
  }
}

export default fp(
  async (app) => {
    const key = app.config.payoutKey ?? (app.config.chainId === DEV_CHAIN_ID ? DEV_ROLE_KEYS.feeReceiver : undefined);
    const payer =
      key && app.config.contracts.market !== ZERO_ADDRESS
        ? referralPayer({
            db: app.db,
            client: app.trading.chain.client,
            key,
            rpcUrls: app.config.chainRpcUrls,
            chainId: app.config.chainId,
            att: app.config.contracts.att,
            log: (msg, err) => app.log.warn({ err }, msg),
          })
        : undefined;
    app.decorate('referral', { payer });
    for (const job of referralJobs(app, payer)) app.jobs.register(job);
  },
  { name: 'referral', dependencies: ['app-config', 'db', 'jobs', 'trading'] },
);
