import { compile } from '../scripts/compile';

/** Recompiles the contracts when a source changed (a no-op otherwise), so `npx vitest run` alone is enough. */
export default async function setup(): Promise<void> {
  await compile({ quiet: true });
}
