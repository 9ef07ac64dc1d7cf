/** Reference data (catalog) and, when given, verified members (accounts): what `npm start`, tests and benches seed. */
import { seedMembers, type SeedMember } from './modules/accounts';
import { seedReference, type ReferenceSeedOptions } from './modules/catalog';
import type { Db } from './modules/schema';

export interface SeedOptions extends ReferenceSeedOptions {
  /** Verified members to create (skipped when the address, name or e-mail exists). */
  members?: readonly SeedMember[];
}

export async function seed(db: Db, opts: SeedOptions = {}): Promise<void> {
  await seedReference(db, opts);
  if (opts.members?.length) await seedMembers(db, opts.members);
}
