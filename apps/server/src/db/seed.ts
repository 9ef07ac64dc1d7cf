/**
 * Reference and demo data, idempotent: the 8 categories, token USD prices and optional verified demo members.
 * `buildApp` runs it without members on start; `npm start` passes the demo members.
 */
import { CATEGORY_CODES, type CategoryCode } from '@att/shared';
import { sql } from 'kysely';
import { nameKey } from '../services/name-skeleton';
import type { Db } from './database';

const CATEGORY_NAMES: Record<CategoryCode, { ko: string; en: string }> = {
  art: { ko: '아트', en: 'Art' },
  music: { ko: '음악', en: 'Music' },
  'virtual-world': { ko: '가상 세계', en: 'Virtual World' },
  'trading-cards': { ko: '트레이딩 카드', en: 'Trading Cards' },
  collectibles: { ko: '수집품', en: 'Collectibles' },
  sports: { ko: '스포츠', en: 'Sports' },
  utility: { ko: '유틸리티', en: 'Utility' },
  etc: { ko: '기타', en: 'ETC' },
};

export const DEFAULT_TOKEN_PRICES = { ATT: '0.0123', KLAY: '0.1532' } as const;

export interface SeedMember {
  address: string;
  userName: string;
  email: string;
  aboutMe?: string;
  lang?: 'ko' | 'en';
}

/** The demo operator (anvil account 6): `npm start` puts it on OPERATOR_ADDRESSES unless that is set. */
export const DEMO_OPERATOR: SeedMember = { address: '0x976EA74026E726554dB657fA54763abd0C3a0aa9', userName: 'demo_operator', email: 'operator@demo.local' };

/** Demo members on anvil's well-known accounts 7, 8 and 9, and the operator on 6 (accounts 0-5 stay free for sign-up journeys). */
export const DEMO_MEMBERS: readonly SeedMember[] = [
  { address: '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955', userName: 'demo_artist', email: 'artist@demo.local', aboutMe: '데모 작가입니다.' },
  { address: '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f', userName: 'demo_collector', email: 'collector@demo.local', aboutMe: 'Demo collector.', lang: 'en' },
  { address: '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720', userName: 'demo_seller', email: 'seller@demo.local' },
  DEMO_OPERATOR,
];

export interface SeedOptions {
  /** Verified members to create (skipped when the address, name or e-mail exists). */
  members?: readonly SeedMember[];
  /** USD prices; when given they overwrite the stored ones, otherwise defaults are inserted only if missing. */
  tokenPrices?: Partial<Record<'ATT' | 'KLAY', string>>;
}

export async function seed(db: Db, opts: SeedOptions = {}): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('categories')
      .values(
        CATEGORY_CODES.map((code, i) => ({
          category_idx: i + 1,
          code,
          name_ko: CATEGORY_NAMES[code].ko,
          name_en: CATEGORY_NAMES[code].en,
          file_name: `${code}.png`,
          sort_order: i + 1,
        })),
      )
      .onConflict((oc) =>
        oc.column('category_idx').doUpdateSet((eb) => ({
          code: eb.ref('excluded.code'),
          name_ko: eb.ref('excluded.name_ko'),
          name_en: eb.ref('excluded.name_en'),
          sort_order: eb.ref('excluded.sort_order'),
        })),
      )
      .execute();

    for (const symbol of ['ATT', 'KLAY'] as const) {
      const given = opts.tokenPrices?.[symbol];
      const insert = trx
        .insertInto('token_prices')
        .values({ symbol, usd_price: given ?? DEFAULT_TOKEN_PRICES[symbol], updated_at: new Date() });
      await (given
        ? insert.onConflict((oc) =>
            oc.column('symbol').doUpdateSet({ usd_price: given, updated_at: new Date() }),
          )
        : insert.onConflict((oc) => oc.column('symbol').doNothing())
      ).execute();
    }

    for (const m of opts.members ?? []) {
      const address = m.address.toLowerCase();
      const clash = await trx
        .selectFrom('members')
        .select('member_idx')
        .where((eb) =>
          eb.or([
            eb('address', '=', address),
            eb(sql<string>`lower(user_name)`, '=', m.userName.toLowerCase()),
            eb(sql<string>`lower(email)`, '=', m.email.toLowerCase()),
          ]),
        )
        .executeTakeFirst();
      if (clash) continue;
      await trx
        .insertInto('members')
        .values({
          user_name: m.userName,
          name_skeleton: nameKey(m.userName),
          address,
          email: m.email,
          email_verified_at: new Date(),
          about_me: m.aboutMe ?? '',
          lang: m.lang ?? 'ko',
          profile_file: null,
          banner_file: null,
        })
        .execute();
    }
  });
}
