/** Reference data: categories and token USD prices. */
import { sql } from 'kysely';
import type { Db } from '../schema';
import { repositoryOf } from '../../platform/db/repository';
import { type TokenSymbol } from '@att/shared';

/** "0.012300000000000000" -> "0.0123"; "2.000" -> "2". */
export function trimDecimal(value: string): string {
  if (!value.includes('.')) return value;
  return value.replace(/0+$/, '').replace(/\.$/, '');
}

/** The platform_settings key of the fee an operator set (percent, a decimal string). */
export const PLATFORM_FEE_KEY = 'platform_fee';
/** Won a dollar for the KRW estimates, set in the console. */
export const KRW_RATE_KEY = 'krw_per_usd';

/** The platform_settings key of the inactive-member switch: 'off' stops it; absent or 'on', it runs. */
export const INACTIVE_MEMBERS_KEY = 'inactive_members';

export function createCatalogRepository(db: Db) {
  return {
    /** Whether inactive members' personal data is kept apart (the operator's switch; on unless turned off). */
    async inactiveMembersOn(): Promise<boolean> {
      const row = await db
        .selectFrom('platform_settings')
        .select('value')
        .where('key', '=', INACTIVE_MEMBERS_KEY)
        .executeTakeFirst();
      return row?.value !== 'off';
    },

    /** The platform fee set in the console, or null (the configured default applies). */
    async platformFee(): Promise<string | null> {
      const row = await db
        .selectFrom('platform_settings')
        .select('value')
        .where('key', '=', PLATFORM_FEE_KEY)
        .executeTakeFirst();
      return row?.value ?? null;
    },

    /** The won-a-dollar rate set in the console and when, or null. */
    async krwRate(): Promise<{ krwPerUsd: string; setAt: Date } | null> {
      const row = await db
        .selectFrom('platform_settings')
        .select(['value', 'updated_at'])
        .where('key', '=', KRW_RATE_KEY)
        .executeTakeFirst();
      return row ? { krwPerUsd: row.value, setAt: new Date(row.updated_at) } : null;
    },

    async listCategories() {
      return db
        .selectFrom('categories')
        .select(['category_idx as idx', 'code', 'name_ko as name', 'name_en as nameEn', 'file_name as fileName'])
        .orderBy('sort_order')
        .orderBy('category_idx')
        .execute();
    },

    async tokenPrices(): Promise<Partial<Record<TokenSymbol, string>>> {
      const rows = await db
        .selectFrom('token_prices')
        .select(['symbol', sql<string>`usd_price::text`.as('price')])
        .execute();
      return Object.fromEntries(rows.map((r) => [r.symbol, trimDecimal(r.price)]));
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;

/** The catalog repository of a database (built once per handle). */
export const catalogRepo = repositoryOf(createCatalogRepository);
