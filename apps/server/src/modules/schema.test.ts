/** Migrations and seed, on PGlite (default) or PostgreSQL (DATABASE_URL): same SQL, same results. */
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDb } from '../../test/helper';
import { createDb, type Db } from './schema';
import { migrate } from '../platform/db/migrate';
import { migrations } from '../platform/db/migrations';
import { DEMO_MEMBERS } from './accounts';
import { seed } from '../seed';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await freshDb({ empty: true }));
});
afterAll(async () => drop?.());

describe('migrations', () => {
  it('apply in order once, then are a no-op', async () => {
    const first = await migrate(db);
    expect(first.map((r) => [r.migrationName, r.status])).toEqual(Object.keys(migrations).map((n) => [n, 'Success']));
    expect(await migrate(db)).toEqual([]);
    const tables = await sql<{ table_name: string }>`
      SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`.execute(db);
    expect(tables.rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining(['categories', 'email_certs', 'members', 'sign_in_nonces', 'tickets', 'token_prices']),
    );
    expect(tables.rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining(['collections', 'items', 'inventory', 'uploads']),
    );
    // initdb plus every migration: slow on a loaded 2-core machine.
  }, 120_000);

  it('a database missing one migration runs it (the no-op check skips only when every migration is recorded)', async () => {
    const last = Object.keys(migrations).at(-1)!;
    await migrations[last]!.down!(db);
    await sql`DELETE FROM kysely_migration WHERE name = ${last}`.execute(db);
    const again = await migrate(db);
    expect(again.map((r) => [r.migrationName, r.status])).toEqual([[last, 'Success']]);
    expect(await migrate(db)).toEqual([]);
  }, 120_000);

  it('store money as numeric(78,0) exactly and enforce the constraints', async () => {
    const max = '9'.repeat(78);
    await db
      .insertInto('members')
      .values({
        user_name: 'money_check',
        name_skeleton: 'money_check',
        address: `0x${'a'.repeat(40)}`,
        email: 'm@x.com',
        email_verified_at: new Date(),
        lang: 'ko',
        profile_file: null,
        banner_file: null,
        min_offer_price_klay: max,
      })
      .execute();
    const row = await db
      .selectFrom('members')
      .select(sql<string>`min_offer_price_klay::text`.as('v'))
      .where('user_name', '=', 'money_check')
      .executeTakeFirstOrThrow();
    expect(row.v).toBe(max);
    // Uppercase addresses, duplicate names in another case or with the same skeleton, and negative prices are
    // refused by the database (between verified members).
    const insert = (values: Record<string, unknown>) =>
      db
        .insertInto('members')
        .values({
          user_name: 'other_name',
          name_skeleton: 'other_narne',
          address: `0x${'b'.repeat(40)}`,
          email: 'o@x.com',
          email_verified_at: new Date(),
          lang: 'ko',
          profile_file: null,
          banner_file: null,
          ...values,
        })
        .execute();
    await expect(insert({ address: `0x${'B'.repeat(40)}` })).rejects.toThrow();
    await expect(insert({ user_name: 'MONEY_CHECK' })).rejects.toThrow();
    await expect(insert({ email: 'M@X.COM' })).rejects.toThrow();
    await expect(insert({ min_offer_price_att: '-1' })).rejects.toThrow();
    await expect(insert({ name_skeleton: 'money_check' })).rejects.toThrow();
    // A pending (unverified) member holds nothing: same name and e-mail as a verified one is allowed.
    await insert({ user_name: 'MONEY_CHECK', email: 'M@X.COM', name_skeleton: 'money_check', email_verified_at: null });
    await db.deleteFrom('members').execute();
  });
});

describe('seed', () => {
  it('inserts categories, prices and demo members, idempotently', async () => {
    await seed(db, { members: DEMO_MEMBERS });
    await seed(db, { members: DEMO_MEMBERS });
    expect(await db.selectFrom('categories').select('code').orderBy('category_idx').execute()).toHaveLength(8);
    const prices = await db
      .selectFrom('token_prices')
      .select(['symbol', sql<string>`usd_price::text`.as('p')])
      .orderBy('symbol')
      .execute();
    expect(prices.map((p) => [p.symbol, Number(p.p)])).toEqual([
      ['ATT', 0.0123],
      ['KLAY', 0.1532],
    ]);
    const members = await db.selectFrom('members').select(['address', 'email_verified_at']).execute();
    expect(members).toHaveLength(DEMO_MEMBERS.length);
    expect(members.every((m) => m.email_verified_at !== null)).toBe(true);
    expect(members.map((m) => m.address).sort()).toEqual(DEMO_MEMBERS.map((m) => m.address.toLowerCase()).sort());
  });

  it('keeps stored prices unless new ones are given', async () => {
    await db.updateTable('token_prices').set({ usd_price: '1.5' }).where('symbol', '=', 'ATT').execute();
    await seed(db);
    const att = () =>
      db
        .selectFrom('token_prices')
        .select(sql<string>`usd_price::text`.as('p'))
        .where('symbol', '=', 'ATT')
        .executeTakeFirstOrThrow();
    expect(Number((await att()).p)).toBe(1.5);
    await seed(db, { tokenPrices: { ATT: '0.02' } });
    expect(Number((await att()).p)).toBe(0.02);
  });
});

describe.runIf(process.env.DATABASE_URL)('PostgreSQL pool', () => {
  it('survives an idle connection being ended by the server, and reports it', async () => {
    const fresh = await freshDb({ empty: true });
    const errors: Error[] = [];
    const pooled = createDb({ databaseUrl: fresh.url!, poolMax: 1, onIdleError: (err) => errors.push(err) });
    try {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(pooled);
      // Another session ends the pool's idle connection, as a restart or an administrator would.
      await sql`select pg_terminate_backend(${rows[0]!.pid})`.execute(db);
      await expect.poll(() => errors.length, { timeout: 20_000 }).toBeGreaterThan(0);
      const again = await sql<{ one: number }>`select 1 as one`.execute(pooled);
      expect(again.rows[0]!.one).toBe(1);
    } finally {
      await pooled.destroy();
      await fresh.drop();
    }
  });
});

describe('migration 0002_hardening', () => {
  it('keeps verified look-alikes registered before it, and builds the skeleton index', async () => {
    const fresh = await freshDb({ empty: true });
    try {
      const upTo = (last: string) =>
        new Migrator({
          db: fresh.db,
          provider: {
            getMigrations: async () => Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= last)),
          },
        });
      expect((await upTo('0001_accounts').migrateToLatest()).error).toBeUndefined();
      for (const [i, name] of ['demo_seller', 'demo_seIIer', 'pending_one'].entries()) {
        await sql`INSERT INTO members (user_name, address, email, email_verified_at, lang)
          VALUES (${name}, ${`0x${String(i).repeat(40)}`}, ${`m${i}@x.com`}, ${name === 'pending_one' ? null : new Date()}, 'ko')`.execute(
          fresh.db,
        );
      }
      expect((await upTo('0002_hardening').migrateToLatest()).error).toBeUndefined();
      const rows = await fresh.db
        .selectFrom('members')
        .select(['user_name', 'name_skeleton'])
        .orderBy('member_idx')
        .execute();
      expect(rows.map((r) => r.name_skeleton)).toEqual(['derno_seller', `derno_seller#2`, 'pending_one']);
      // A new verified look-alike is refused by the index.
      await expect(
        sql`INSERT INTO members (user_name, name_skeleton, address, email, email_verified_at, lang)
          VALUES ('demo_se11er', 'derno_seller', ${`0x${'9'.repeat(40)}`}, 'n@x.com', now(), 'ko')`.execute(fresh.db),
      ).rejects.toThrow();
    } finally {
      await fresh.drop();
    }
  });
});
