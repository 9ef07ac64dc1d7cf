import { inject } from 'vitest';
import { scratchDatabase } from '../../../scripts/lib/scratch-database';

/**
 * With DATABASE_URL set, a throwaway database on that server so journeys never meet earlier data, created from the
 * run's migrated template (global-setup); without it, undefined (the stack uses its own PGlite directory, copied
 * from the run's migrated one).
 */
export async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const base = process.env.DATABASE_URL;
  if (!base) return undefined;
  return scratchDatabase(base, 'e2e', inject('pgTemplateDatabase') || undefined);
}
