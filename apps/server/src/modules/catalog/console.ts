/** The catalog's operator endpoints: categories, token USD prices, the won-a-dollar rate, the platform fee, the inactive-member switch (`auth: 'operator'`, every write audited). */
import { ReturnCode } from '@att/shared';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/define-route';
import { operatorOf, saved } from '../console';
import { catalogConsoleRepo } from './console-repository';

export default async function catalogConsoleRoutes(app: FastifyInstance) {
  const repo = catalogConsoleRepo(app.db);

  defineRoute(app, '/admin/category/save', async ({ body, member }) => {
    const idx = await repo.saveCategory(operatorOf(member), body, app.now());
    if (idx === 'codeTaken') return { returnCode: ReturnCode.DataExists };
    return idx === null ? { returnCode: ReturnCode.NoData } : saved(idx);
  });

  defineRoute(app, '/admin/token/price', async ({ body, member }) => {
    await repo.setTokenPrice(operatorOf(member), body.symbol, body.price, app.now());
    return { returnCode: ReturnCode.Success };
  });

  defineRoute(app, '/admin/config/krw', async ({ body, member }) => {
    await repo.setKrwRate(operatorOf(member), body.krwPerUsd, app.now());
    return { returnCode: ReturnCode.Success };
  });

  defineRoute(app, '/admin/config/fee', async ({ body, member }) => {
    await repo.setPlatformFee(operatorOf(member), body.platformFee, app.config.platformFee, app.now());
    return { returnCode: ReturnCode.Success };
  });

  defineRoute(app, '/admin/config/inactive', async ({ body, member }) => {
    await repo.setInactiveMembers(operatorOf(member), body.on, app.now());
    return { returnCode: ReturnCode.Success };
  });
}
