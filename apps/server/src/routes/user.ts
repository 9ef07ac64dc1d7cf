/** Accounts: exists, own info, public info, about-me and notification settings. */
import { ReturnCode, type PublicUser, type UserInfo } from '@att/shared';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../http/define-route';
import type { MemberRow } from '../repositories/members-repository';

const flag = (v: number): 0 | 1 => (v ? 1 : 0);

function publicUser(m: MemberRow, collectionCount: number): PublicUser {
  return {
    id: m.userName,
    memberIdx: m.memberIdx,
    aboutMe: m.aboutMe,
    banner: m.bannerFile,
    profile: m.profileFile,
    createDate: m.createdAt.toISOString(),
    collectionCount,
    erc20Address: m.address,
  };
}

function userInfo(m: MemberRow, collectionCount: number): UserInfo {
  return {
    ...publicUser(m, collectionCount),
    email: m.email,
    flagItemSell: flag(m.flagItemSell),
    flagBid: flag(m.flagBid),
    flagAcceptOffer: flag(m.flagAcceptOffer),
    flagExpiredSell: flag(m.flagExpiredSell),
    flagOverOffer: flag(m.flagOverOffer),
    flagMinOffer: flag(m.flagMinOffer),
    flagEmail: flag(m.flagEmail),
    minOfferPriceKlay: m.minOfferPriceKlay,
    minOfferPriceAtt: m.minOfferPriceAtt,
  };
}

export default async function userRoutes(app: FastifyInstance) {
  defineRoute(app, '/user/exist', async ({ body }) => {
    const status = await app.repos.signUps.existStatus(body.address, app.now());
    return status.code === ReturnCode.EarlierRequestExists
      ? { returnCode: status.code, email: status.email }
      : { returnCode: status.code };
  });

  defineRoute(app, '/user/info', async ({ member }) => {
    const m = await app.repos.members.findByIdx(member.memberIdx);
    if (!m) return { returnCode: ReturnCode.AccountNotFound };
    const count = await app.repos.collections.countByMember(m.memberIdx);
    return { returnCode: ReturnCode.Success, data: userInfo(m, count) };
  });

  defineRoute(app, '/user/info/id', async ({ body }) => {
    const m = await app.repos.members.findPublicByName(body.userId.trim());
    if (!m) return { returnCode: ReturnCode.MemberNotFound };
    const count = await app.repos.collections.countByMember(m.memberIdx);
    return { returnCode: ReturnCode.Success, data: publicUser(m, count) };
  });

  defineRoute(app, '/user/update', async ({ body, member }) => {
    await app.repos.members.updateAboutMe(member.memberIdx, body.aboutMe, app.now());
    return { returnCode: ReturnCode.Success };
  });

  defineRoute(app, '/user/alarm/update', async ({ body, member }) => {
    await app.repos.members.updateAlarms(member.memberIdx, body, app.now());
    return { returnCode: ReturnCode.Success };
  });
}
