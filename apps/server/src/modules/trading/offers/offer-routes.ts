/**
 * The offers' routes (spec 3 sections 5-9, spec 2 Offers tab): make, accept, delete from a list, an item's offers
 * and a member's offers made and received. Codes are in packages/shared/src/api/offers.ts.
 */
import { LIVE_OFFER_STATES, ReturnCode, pageCountOf } from '@att/shared';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../../platform/http/define-route';
import { liveItem } from '../order-book';
import { acceptOffer } from './accept-offer';
import { makeOffer } from './make-offer';
import { isPartyTo, memberOffers, productOffers, type MemberListQuery } from './offer-lists';
import { deleteFromList, offerById } from '../order-book/offers/offers-repository';

/**
 * Offers and accepts a member may ask for a minute, each. An offerer makes a few offers in a sitting; a seller
 * accepts a few; the limit keeps one member from holding an offer's pieces (or filling the offers table) in a loop.
 */
export const OFFER_WRITES_PER_MEMBER_PER_MINUTE = 30;

const page = (total: number, q: { pageNo: number; pageSize: number }) => ({
  totalRecordSize: total,
  pageNo: q.pageNo,
  pageCount: pageCountOf(total, q.pageSize),
});

export default async function offerRoutes(app: FastifyInstance) {
  defineRoute(
    app,
    '/nft/offer',
    async ({ body, member }) => ({
      returnCode: ReturnCode.Success,
      data: await makeOffer(app, app.trading.chain, member, body),
    }),
    { perMemberPerMinute: OFFER_WRITES_PER_MEMBER_PER_MINUTE },
  );

  defineRoute(
    app,
    '/nft/offer/accept',
    async ({ body, member }) => ({
      returnCode: ReturnCode.Success,
      data: await acceptOffer(app, app.trading.chain, member, body),
    }),
    { perMemberPerMinute: OFFER_WRITES_PER_MEMBER_PER_MINUTE },
  );

  defineRoute(app, '/nft/offer/delete', async ({ body, member }) => {
    const offer = await offerById(app.db, String(body.offerIdx));
    if (!offer) return { returnCode: ReturnCode.OfferNotFound };
    if (!(await isPartyTo(app.db, offer, member.address))) return { returnCode: ReturnCode.NoAuthority };
    if ((LIVE_OFFER_STATES as number[]).includes(offer.state)) return { returnCode: ReturnCode.PreviousStateWrong };
    await deleteFromList(app.db, String(offer.offer_idx), member.memberIdx);
    return { returnCode: ReturnCode.Success };
  });

  defineRoute(app, '/nft/offer/product/list', async ({ body }) => {
    if (!(await liveItem(app.db, body.productIdx))) return { returnCode: ReturnCode.ProductNotFound };
    const { list, total } = await productOffers(app.db, body.productIdx, body, app.now());
    return { returnCode: ReturnCode.Success, list, page: page(total, body) };
  });

  const memberList = async (who: { memberIdx: number; address: string }, made: boolean, q: MemberListQuery) => {
    const { list, total } = await memberOffers(app.db, who, made, q);
    return { returnCode: ReturnCode.Success, list, page: page(total, q) };
  };
  const memberByIdx = (memberIdx: number) =>
    app.db
      .selectFrom('members')
      .select(['member_idx as memberIdx', 'address'])
      .where('member_idx', '=', memberIdx)
      .executeTakeFirst();

  defineRoute(app, '/nft/offer/member/participation/list', async ({ body, member }) => memberList(member, true, body));
  defineRoute(app, '/nft/offer/member/list', async ({ body, member }) => memberList(member, false, body));
  defineRoute(app, '/nft/offer/member/participation/list/other', async ({ body }) => {
    const who = await memberByIdx(body.memberIdx);
    return who ? memberList(who, true, body) : { returnCode: ReturnCode.MemberNotFound };
  });
  defineRoute(app, '/nft/offer/member/list/other', async ({ body }) => {
    const who = await memberByIdx(body.memberIdx);
    return who ? memberList(who, false, body) : { returnCode: ReturnCode.MemberNotFound };
  });
}
