/**
 * The collection offers' routes: make, accept, a collection's offers and a member's own. Codes are in
 * packages/shared/src/api/collection-offers.ts.
 */
import { ReturnCode, pageCountOf } from '@att/shared';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../../platform/http/define-route';
import { visibleCollections } from '../../collections';
import { OFFER_WRITES_PER_MEMBER_PER_MINUTE } from '../offers/offer-routes';
import { liveItem } from '../order-book';
import { acceptCollectionOffer } from './accept-collection-offer';
import { collectionOffers, memberCollectionOffers } from './collection-offer-lists';
import { makeCollectionOffer } from './make-collection-offer';

const page = (total: number, q: { pageNo: number; pageSize: number }) => ({
  totalRecordSize: total,
  pageNo: q.pageNo,
  pageCount: pageCountOf(total, q.pageSize),
});

export default async function collectionOfferRoutes(app: FastifyInstance) {
  defineRoute(
    app,
    '/nft/collection/offer',
    async ({ body, member }) => ({
      returnCode: ReturnCode.Success,
      data: await makeCollectionOffer(app, app.trading.chain, member, body),
    }),
    { perMemberPerMinute: OFFER_WRITES_PER_MEMBER_PER_MINUTE },
  );

  defineRoute(
    app,
    '/nft/collection/offer/accept',
    async ({ body, member }) => ({
      returnCode: ReturnCode.Success,
      data: await acceptCollectionOffer(app, app.trading.chain, member, body),
    }),
    { perMemberPerMinute: OFFER_WRITES_PER_MEMBER_PER_MINUTE },
  );

  defineRoute(app, '/nft/collection/offer/list', async ({ body }) => {
    if (!(await visibleCollections(app.db, [body.collectionIdx])).has(body.collectionIdx))
      return { returnCode: ReturnCode.CollectionNotFound };
    const item = body.productIdx === undefined ? undefined : await liveItem(app.db, body.productIdx);
    if (body.productIdx !== undefined && item?.collection_idx !== body.collectionIdx)
      return { returnCode: ReturnCode.ProductNotFound };
    const q = { ...body, tokenId: item && String(item.token_id) };
    const { list, total, best } = await collectionOffers(app.db, body.collectionIdx, q, app.now());
    return { returnCode: ReturnCode.Success, list, page: page(total, body), best };
  });

  defineRoute(app, '/nft/collection/offer/member/participation/list', async ({ body, member }) => {
    const { list, total } = await memberCollectionOffers(app.db, member.address, body);
    return { returnCode: ReturnCode.Success, list, page: page(total, body) };
  });
}
