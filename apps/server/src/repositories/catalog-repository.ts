/** Reference data: categories and token USD prices. */
import { sql } from 'kysely';
import type { Db } from '../db/database';

/** "0.012300000000000000" -> "0.0123"; "2.000" -> "2". */
export function trimDecimal(value: string): string {
  if (!value.includes('.')) return value;
  return value.replace(/0+$/, '').replace(/\.$/, '');
}

export function createCatalogRepository(db: Db) {
  return {
    async listCategories() {
      return db
        .selectFrom('categories')
        .select(['category_idx as idx', 'code', 'name_ko as name', 'name_en as nameEn', 'file_name as fileName'])
        .orderBy('sort_order')
        .orderBy('category_idx')
        .execute();
    },

    async tokenPrices(): Promise<Partial<Record<'ATT' | 'KLAY', string>>> {
      const rows = await db
        .selectFrom('token_prices')
        .select(['symbol', sql<string>`usd_price::text`.as('price')])
        .execute();
      return Object.fromEntries(rows.map((r) => [r.symbol, trimDecimal(r.price)]));
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
