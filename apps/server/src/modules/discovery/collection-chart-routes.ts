/**
 * The collection page's price history: floor and volume per day, week or month (the two queries live with the
 * trade history in trading). 254 for an unknown or deleted collection; an empty history gives empty series.
 */
import { ReturnCode } from '@att/shared';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/define-route';
import { collectionCharts } from '../trading';
import { assertLiveCollection } from './live-collection';

export default async function collectionChartRoutes(app: FastifyInstance) {
  const charts = collectionCharts(app.db);

  defineRoute(app, '/nft/collection/chart', async ({ body }) => {
    await assertLiveCollection(app.db, body.collectionIdx);
    const now = app.now();
    const [floor, volume] = await Promise.all([
      charts.floor(body.collectionIdx, body.period, now),
      charts.volume(body.collectionIdx, body.period, now),
    ]);
    return { returnCode: ReturnCode.Success, data: { period: body.period, floor, volume } };
  });
}
