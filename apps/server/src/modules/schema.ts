/**
 * The database as the modules see it: every module's tables (each module's `tables.ts`, written by that module
 * alone), composed once. Modules import `Db` / `Trx` from here; nothing else crosses module lines this way.
 */
import type { Kysely, Transaction } from 'kysely';
import { openDb, type DbOptions } from '../platform/db/connection';
import type { AccountsTables } from './accounts/tables';
import type { AlertsTables } from './alerts/tables';
import type { CatalogTables } from './catalog/tables';
import type { CollectionsTables } from './collections/tables';
import type { ConsoleTables } from './console/tables';
import type { DiscoveryTables } from './discovery/tables';
import type { ItemsTables } from './items/tables';
import type { ReferralTables } from './referral/tables';
import type { SocialTables } from './social/tables';
import type { SupportTables } from './support/tables';
import type { TradingTables } from './trading/tables';
import type { WatchlistTables } from './watchlist/tables';

export interface Database
  extends
    AccountsTables,
    AlertsTables,
    CatalogTables,
    CollectionsTables,
    ConsoleTables,
    DiscoveryTables,
    ItemsTables,
    ReferralTables,
    SocialTables,
    SupportTables,
    TradingTables,
    WatchlistTables {}

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;
/** A database handle or an open transaction: what a repository write takes. */
export type DbOrTrx = Kysely<Database>;

/** Opens the marketplace's database (PGlite by default, PostgreSQL with `databaseUrl`). */
export const createDb = (opts: DbOptions = {}): Db => openDb<Database>(opts);
export type { DbOptions };

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}
