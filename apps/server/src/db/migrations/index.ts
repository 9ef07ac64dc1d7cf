/** Every migration, in order. Add a file `NNNN_name.ts` and list it here (static imports work under tsx and bundlers). */
import type { Migration } from 'kysely';
import * as m0001 from './0001_accounts';
import * as m0004 from './0004_support';

export const migrations: Record<string, Migration> = {
  '0001_accounts': m0001,
  '0004_support': m0004,
};
