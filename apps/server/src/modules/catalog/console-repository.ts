/**
 * The catalog module's operator writes (categories, token USD prices, the platform fee, the won-a-dollar rate). Every write runs in one transaction with its audit-log row
 * (console's `audit`: operator, action, target, before and after), so no change happens without its record.
 * Writes return the saved row's index, or null when the row to edit does not exist; the route picks the code.
 */
import type { TokenSymbol } from '@att/shared';
import { sql } from 'kysely';
import { repositoryOf } from '../../platform/db/repository';
import { audit, insertAudited, updateAudited, type Operator } from '../console';
import type { Db } from '../schema';
import { INACTIVE_MEMBERS_KEY, KRW_RATE_KEY, PLATFORM_FEE_KEY } from './catalog-repository';

export function createCatalogConsoleRepository(db: Db) {
  /** Writes one platform setting with its audit entry (`shown` turns a stored value, or none, into the entry's JSON). */
  const setSetting = async (
    op: Operator,
    key: string,
    value: string,
    now: Date,
    a: { action: string; shown: (value: string | undefined) => unknown },
  ) =>
    db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('platform_settings')
        .select('value')
        .where('key', '=', key)
        .forUpdate()
        .executeTakeFirst();
      await trx
        .insertInto('platform_settings')
        .values({ key, value, updated_at: now })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
        .execute();
      const entry = { action: a.action, targetType: 'config', targetIdx: key };
      await audit(trx, op, { ...entry, before: a.shown(before?.value), after: a.shown(value) }, now);
    });

  return {
    /** null: no such category; 'codeTaken': another category has the code. */
    async saveCategory(
      op: Operator,
      input: { categoryIdx?: number; code: string; name: string; nameEn: string; sortOrder: number },
      now: Date,
    ): Promise<number | null | 'codeTaken'> {
      return db.transaction().execute(async (trx) => {
        // One writer at a time: new indexes are max + 1 and codes are unique.
        await sql`LOCK TABLE categories IN SHARE ROW EXCLUSIVE MODE`.execute(trx);
        const clash = await trx
          .selectFrom('categories')
          .select('category_idx')
          .where('code', '=', input.code)
          .$if(input.categoryIdx !== undefined, (q) => q.where('category_idx', '<>', input.categoryIdx!))
          .executeTakeFirst();
        if (clash) return 'codeTaken';
        const values = { code: input.code, name_ko: input.name, name_en: input.nameEn, sort_order: input.sortOrder };
        if (input.categoryIdx === undefined) {
          const { next } = await trx
            .selectFrom('categories')
            .select(sql<number>`coalesce(max(category_idx), 0) + 1`.as('next'))
            .executeTakeFirstOrThrow();
          const row = await insertAudited(
            trx,
            op,
            now,
            { action: 'category.create', targetType: 'category', key: 'category_idx' },
            () =>
              trx
                .insertInto('categories')
                .values({ ...values, category_idx: Number(next), file_name: `${input.code}.png` })
                .returningAll()
                .executeTakeFirstOrThrow(),
          );
          return row.category_idx;
        }
        const after = await updateAudited(
          trx,
          op,
          now,
          { action: 'category.update', targetType: 'category', targetIdx: input.categoryIdx },
          {
            read: () =>
              trx
                .selectFrom('categories')
                .selectAll()
                .where('category_idx', '=', input.categoryIdx!)
                .forUpdate()
                .executeTakeFirst(),
            write: () =>
              trx
                .updateTable('categories')
                .set(values)
                .where('category_idx', '=', input.categoryIdx!)
                .returningAll()
                .executeTakeFirstOrThrow(),
          },
        );
        return after ? after.category_idx : null;
      });
    },

    async setTokenPrice(op: Operator, symbol: TokenSymbol, price: string, now: Date): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('token_prices')
          .select(['symbol', sql<string>`usd_price::text`.as('usdPrice')])
          .where('symbol', '=', symbol)
          .forUpdate()
          .executeTakeFirst();
        await trx
          .insertInto('token_prices')
          .values({ symbol, usd_price: price, updated_at: now })
          .onConflict((oc) => oc.column('symbol').doUpdateSet({ usd_price: price, updated_at: now }))
          .execute();
        await audit(
          trx,
          op,
          {
            action: 'token.price',
            targetType: 'token',
            targetIdx: symbol,
            before: before ?? null,
            after: { symbol, usdPrice: price },
          },
          now,
        );
      });
    },

    async setPlatformFee(op: Operator, fee: string, fallback: string, now: Date): Promise<void> {
      await setSetting(op, PLATFORM_FEE_KEY, fee, now, {
        action: 'config.platformFee',
        shown: (value) => ({ platformFee: value ?? fallback }),
      });
    },

    async setKrwRate(op: Operator, krwPerUsd: string, now: Date): Promise<void> {
      await setSetting(op, KRW_RATE_KEY, krwPerUsd, now, {
        action: 'config.krwPerUsd',
        shown: (value) => ({ krwPerUsd: value ?? null }),
      });
    },

    /** The inactive-member switch (on: members who have not signed in for a year have their data kept apart). */
    async setInactiveMembers(op: Operator, on: boolean, now: Date): Promise<void> {
      await setSetting(op, INACTIVE_MEMBERS_KEY, on ? 'on' : 'off', now, {
        action: 'config.inactiveMembers',
        shown: (value) => ({ inactiveMembers: value !== 'off' }),
      });
    },
  };
}

export const catalogConsoleRepo = repositoryOf(createCatalogConsoleRepository);
