/** Members: look-ups by address, name and e-mail; profile, settings and file updates. */
import { isFormerMemberName } from '@att/shared';
import { sql } from 'kysely';
import type { Db } from '../schema';
import { repositoryOf } from '../../platform/db/repository';

export type MemberRow = {
  memberIdx: number;
  userName: string;
  address: string;
  email: string;
  emailVerifiedAt: Date | null;
  aboutMe: string;
  profileFile: string | null;
  bannerFile: string | null;
  lang: 'ko' | 'en';
  flagItemSell: number;
  flagBid: number;
  flagAcceptOffer: number;
  flagExpiredSell: number;
  flagOverOffer: number;
  flagMinOffer: number;
  flagFloorMove: number;
  flagEmail: number;
  minOfferPriceKlay: string;
  minOfferPriceAtt: string;
  state: 'active' | 'blocked' | 'deleted';
  /** Not signed in for a year: their personal data is kept apart (this row holds none) until they sign in. */
  inactive: boolean;
  createdAt: Date;
};

/** The notification settings of a member row; `flagEmail` is optional on update. */
export type AlarmSettings = Pick<
  MemberRow,
  | 'flagItemSell'
  | 'flagBid'
  | 'flagAcceptOffer'
  | 'flagExpiredSell'
  | 'flagOverOffer'
  | 'flagMinOffer'
  | 'minOfferPriceKlay'
  | 'minOfferPriceAtt'
> & { flagEmail?: number; flagFloorMove?: number };

export function createMembersRepository(db: Db) {
  const base = () =>
    db
      .selectFrom('members')
      .select([
        'member_idx as memberIdx',
        'user_name as userName',
        'address',
        'email',
        'email_verified_at as emailVerifiedAt',
        'about_me as aboutMe',
        'profile_file as profileFile',
        'banner_file as bannerFile',
        'lang',
        'flag_item_sell as flagItemSell',
        'flag_bid as flagBid',
        'flag_accept_offer as flagAcceptOffer',
        'flag_expired_sell as flagExpiredSell',
        'flag_over_offer as flagOverOffer',
        'flag_min_offer as flagMinOffer',
        'flag_floor_move as flagFloorMove',
        'flag_email as flagEmail',
        sql<string>`min_offer_price_klay::text`.as('minOfferPriceKlay'),
        sql<string>`min_offer_price_att::text`.as('minOfferPriceAtt'),
        'state',
        sql<boolean>`inactive_at IS NOT NULL`.as('inactive'),
        'created_at as createdAt',
      ]);

  const repo = {
    async findByAddress(address: string): Promise<MemberRow | undefined> {
      return base().where('address', '=', address.toLowerCase()).executeTakeFirst();
    },

    async findByIdx(memberIdx: number): Promise<MemberRow | undefined> {
      return base().where('member_idx', '=', memberIdx).executeTakeFirst();
    },

    /** A verified, active member by user name (case-insensitive). */
    async findPublicByName(userName: string): Promise<MemberRow | undefined> {
      return base()
        .where(sql<string>`lower(user_name)`, '=', userName.toLowerCase())
        .where('email_verified_at', 'is not', null)
        .where('state', '=', 'active')
        .executeTakeFirst();
    },

    /**
     * The member a profile names: a verified, active member by user name, or a former member by their address (how
     * the web reaches them: replies never carry their row name). Every list of a profile looks its member up here.
     */
    async findProfileMember(nameOrAddress: string): Promise<(MemberRow & { former: boolean }) | undefined> {
      const found = isFormerMemberName(nameOrAddress) ? undefined : await repo.findPublicByName(nameOrAddress);
      if (found) return { ...found, former: false };
      const former = await repo.findFormer(nameOrAddress);
      return former && { ...former, former: true };
    },

    /** A former member by their address (how the web reaches them: their row holds no name of theirs). */
    async findFormer(address: string): Promise<MemberRow | undefined> {
      if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return undefined;
      return base().where('state', '=', 'deleted').where('address', '=', address.toLowerCase()).executeTakeFirst();
    },

    /**
     * The referrer a share code names (a verified, active member's user name, case-insensitive, or address), or
     * undefined: unknown, blocked, pending or the signing-up address itself.
     */
    async referrerOf(code: string, signingUp: string): Promise<number | undefined> {
      const c = code.trim();
      const q = db
        .selectFrom('members')
        .select(['member_idx', 'address'])
        .where('email_verified_at', 'is not', null)
        .where('state', '=', 'active');
      const row = /^0x[0-9a-fA-F]{40}$/.test(c)
        ? await q.where('address', '=', c.toLowerCase()).executeTakeFirst()
        : await q.where(sql<string>`lower(user_name)`, '=', c.toLowerCase()).executeTakeFirst();
      return row && row.address !== signingUp.toLowerCase() ? row.member_idx : undefined;
    },

    /** The member's live collections (user info's collectionCount): a read of the collections table. */
    async collectionCount(memberIdx: number): Promise<number> {
      const row = await db
        .selectFrom('collections')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('member_idx', '=', memberIdx)
        .where('deleted_at', 'is', null)
        .executeTakeFirstOrThrow();
      return row.n;
    },

    async updateAboutMe(memberIdx: number, aboutMe: string, now: Date): Promise<void> {
      await db
        .updateTable('members')
        .set({ about_me: aboutMe, updated_at: now })
        .where('member_idx', '=', memberIdx)
        .execute();
    },

    /** An alert mail's unsubscribe link: flagEmail off for the member at `address` (true when it was on). */
    async turnOffAlertMail(address: string, now: Date): Promise<boolean> {
      const r = await db
        .updateTable('members')
        .set({ flag_email: 0, updated_at: now })
        .where('address', '=', address.toLowerCase())
        .where('flag_email', '=', 1)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    async updateAlarms(memberIdx: number, s: AlarmSettings, now: Date): Promise<void> {
      await db
        .updateTable('members')
        .set({
          flag_item_sell: s.flagItemSell,
          flag_bid: s.flagBid,
          flag_accept_offer: s.flagAcceptOffer,
          flag_expired_sell: s.flagExpiredSell,
          flag_over_offer: s.flagOverOffer,
          flag_min_offer: s.flagMinOffer,
          ...(s.flagEmail === undefined ? {} : { flag_email: s.flagEmail }),
          ...(s.flagFloorMove === undefined ? {} : { flag_floor_move: s.flagFloorMove }),
          min_offer_price_klay: s.minOfferPriceKlay,
          min_offer_price_att: s.minOfferPriceAtt,
          updated_at: now,
        })
        .where('member_idx', '=', memberIdx)
        .execute();
    },

    /** Sets the profile or banner file; returns the previous file name so the caller can delete it. */
    async replaceImage(
      memberIdx: number,
      kind: 'profile' | 'banner',
      fileName: string,
      now: Date,
    ): Promise<string | null> {
      return db.transaction().execute(async (trx) => {
        const column = kind === 'profile' ? 'profile_file' : 'banner_file';
        const before = await trx
          .selectFrom('members')
          .select(column)
          .where('member_idx', '=', memberIdx)
          .forUpdate()
          .executeTakeFirst();
        await trx
          .updateTable('members')
          .set({ [column]: fileName, updated_at: now })
          .where('member_idx', '=', memberIdx)
          .execute();
        return (before as Record<string, string | null> | undefined)?.[column] ?? null;
      });
    },
  };
  return repo;
}

export type MembersRepository = ReturnType<typeof createMembersRepository>;

/** The members repository of a database (built once per handle). */
export const membersRepo = repositoryOf(createMembersRepository);
