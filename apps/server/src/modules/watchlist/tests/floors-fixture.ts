/** A test app on a clock the test moves (jobs not started: a test runs the floor job itself), and items' floors. */
import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/helper';

export const ETH = 10n ** 18n;

export function floorsApp(startMs: number) {
  const f = {
    t: undefined as unknown as TestApp,
    clock: startMs,
    /** Sets an item's cheapest ATT price (what the collection's floor is read from). */
    floorOf: (itemIdx: number, att: bigint) =>
      f.t.db.updateTable('items').set({ floor_att: att.toString() }).where('item_idx', '=', itemIdx).execute(),
  };
  beforeAll(async () => {
    f.t = await buildTestApp({ deps: { now: () => new Date(f.clock), autoStartJobs: false } });
  });
  afterAll(async () => f.t?.close());
  return f;
}
