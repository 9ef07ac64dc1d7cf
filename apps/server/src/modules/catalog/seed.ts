/** Reference data, idempotent: the 8 categories and the token USD prices. `buildApp` runs it on every start. */
import { CATEGORY_CODES, TOKEN_SYMBOLS, type CategoryCode, type TokenSymbol } from '@att/shared';
import { sql } from 'kysely';
import type { Db } from '../schema';
import { systemClock } from '../../platform/clock';

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

export interface ReferenceSeedOptions {
  /** USD prices; when given they overwrite the stored ones, otherwise defaults are inserted only if missing. */
  tokenPrices?: Partial<Record<TokenSymbol, string>>;
  /** The time stamped on the prices written (the system clock unless given). */
  now?: Date;
}

/** Instances that start at once seed one after the other (ON CONFLICT covers one unique index, the code is another). */
const SEED_LOCK = 7_307_915_004_218_612_114n;

export async function seedReference(db: Db, opts: ReferenceSeedOptions = {}): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK.toString()}::bigint)`.execute(trx);
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

    for (const symbol of TOKEN_SYMBOLS) {
      const given = opts.tokenPrices?.[symbol];
      const now = opts.now ?? systemClock();
      const insert = trx
        .insertInto('token_prices')
        .values({ symbol, usd_price: given ?? DEFAULT_TOKEN_PRICES[symbol], updated_at: now });
      await (
        given
          ? insert.onConflict((oc) => oc.column('symbol').doUpdateSet({ usd_price: given, updated_at: now }))
          : insert.onConflict((oc) => oc.column('symbol').doNothing())
      ).execute();
    }
  });
}
