/** Accounts: exists, own info, public info, about-me and notification settings. */
import { emailSchema, ReturnCode, usernameSchema, type PublicUser, type UserInfo } from '@att/shared';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/define-route';
import type { MemberRow } from './members-repository';
import { maskEmail } from './mailbox';
import { membersRepo } from './members-repository';
import { signUpsRepo } from './signups-repository';
import { existCode } from './sign-up-codes';

const flag = (v: number): 0 | 1 => (v ? 1 : 0);

/** /user/available is cheap and public: a tighter limit keeps it from being a fast list-the-members tool. */
export const AVAILABLE_PER_MINUTE = 30;

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
    flagFloorMove: flag(m.flagFloorMove),
    flagEmail: flag(m.flagEmail),
    minOfferPriceKlay: m.minOfferPriceKlay,
    minOfferPriceAtt: m.minOfferPriceAtt,
  };
}

export default async function userRoutes(app: FastifyInstance) {
  defineRoute(app, '/user/exist', async ({ body }) => {
    const status = await signUpsRepo(app.db).existStatus(body.address, app.now());
    return status.state === 'pending'
      ? { returnCode: existCode(status), email: maskEmail(status.email) }
      : { returnCode: existCode(status) };
  });

  // Before the wallet signature: only verified members hold names and e-mails, so nothing pending shows here.
  defineRoute(
    app,
    '/user/available',
    async ({ body }) => {
      if (body.id === undefined && body.email === undefined) return { returnCode: ReturnCode.MissingParameters };
      const id = body.id?.trim();
      const email = body.email?.trim();
      const idOk = id !== undefined && usernameSchema.safeParse(id).success;
      const emailOk = email !== undefined && emailSchema.safeParse(email).success;
      const taken = await signUpsRepo(app.db).taken({
        userName: idOk ? id : undefined,
        email: emailOk ? email : undefined,
      });
      const data: { id?: number; email?: number } = {};
      if (id !== undefined) {
        data.id = !idOk ? ReturnCode.ValidationFailed : taken.name ? ReturnCode.AlreadyExists : 0;
      }
      if (email !== undefined) {
        data.email = !emailOk ? ReturnCode.ValidationFailed : taken.email ? ReturnCode.EmailExists : 0;
      }
      const returnCode = (data.id || data.email || ReturnCode.Success) as number;
      return { returnCode, data };
    },
    { perMinute: AVAILABLE_PER_MINUTE },
  );

  defineRoute(app, '/user/info', async ({ member }) => {
    const m = await membersRepo(app.db).findByIdx(member.memberIdx);
    if (!m) return { returnCode: ReturnCode.AccountNotFound };
    const count = await membersRepo(app.db).collectionCount(m.memberIdx);
    return { returnCode: ReturnCode.Success, data: userInfo(m, count) };
  });

  defineRoute(app, '/user/info/id', async ({ body }) => {
    // A member by name; a former member by their address (the name every reply shows for them is FORMER_MEMBER_NAME).
    const m = await membersRepo(app.db).findProfileMember(body.userId.trim());
    if (!m) return { returnCode: ReturnCode.MemberNotFound };
    const count = await membersRepo(app.db).collectionCount(m.memberIdx);
    const data = {
      ...publicUser(m, count),
      ...(m.former ? { former: true } : {}),
      ...(m.inactive ? { inactive: true } : {}),
    };
    return { returnCode: ReturnCode.Success, data };
  });

  defineRoute(app, '/user/update', async ({ body, member }) => {
    await membersRepo(app.db).updateAboutMe(member.memberIdx, body.aboutMe, app.now());
    return { returnCode: ReturnCode.Success };
  });

  defineRoute(app, '/user/alarm/update', async ({ body, member }) => {
    await membersRepo(app.db).updateAlarms(member.memberIdx, body, app.now());
    return { returnCode: ReturnCode.Success };
  });
}
