/**
 * The collection page's price history: floor and volume per day, week or month (the two queries live with the
 * trade history in trading). 254 for an unknown or deleted collection; an empty history gives empty series.
 */
import { ReturnCode } from '@att/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/http/app-error';
import { defineRoute } from '../../platform/http/define-route';
import { collectionCharts } from '../trading';

export default async function collectionChartRoutes(app: FastifyInstance) {
  const charts = collectionCharts(app.db);

  defineRoute(app, '/nft/collection/chart', async ({ body }) => {
    const live = await app.db
      .selectFrom('collections')
      .select('collection_idx')
      .where('collection_idx', '=', body.collectionIdx)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!live) throw new AppError(ReturnCode.CollectionNotFound);
    const now = app.now();
    const [floor, volume] = await Promise.all([
      charts.floor(body.collectionIdx, body.period, now),
      charts.volume(body.collectionIdx, body.period, now),
    ]);
    return { returnCode: ReturnCode.Success, data: { period: body.period, floor, volume } };
  });
}
