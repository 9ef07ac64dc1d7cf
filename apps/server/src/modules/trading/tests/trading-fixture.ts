/** One local chain and app per test file for the trading tests: three funded traders, the indexer and the app's clock. */
import { afterAll, beforeAll } from 'vitest';
import { chainTest, testIndexer, trader, type ChainTest, type Trader } from '../../../../test/chain';
import type { Indexer } from '../indexer/sync';

export const TOKEN = 10n ** 18n;
export let c: ChainTest;
export let alice: Trader;
export let bob: Trader;
export let carol: Trader;
export let indexer: Indexer;
/** How far the app's clock (`app.now()`) runs ahead of the wall clock: a test moves time instead of sleeping. */
export const clock = { aheadMs: 0 };

/** Starts the chain and the app, funds and approves three traders before the file's tests; stops them after. */
export function setUpChain(): void {
  beforeAll(async () => {
    clock.aheadMs = 0;
    c = await chainTest({ deps: { now: () => new Date(Date.now() + clock.aheadMs) } });
    [alice, bob, carol] = [await trader(c, 1), await trader(c, 2), await trader(c, 3)];
    await Promise.all([alice.approveAll(), bob.approveAll(), carol.approveAll()]);
    indexer = testIndexer(c);
  }, 120_000);
  afterAll(async () => c?.close());
}

export const inventory = (productId: number, holder: string) =>
  c.t.db
    .selectFrom('inventory')
    .select(['amount', 'on_sale', 'reserved'])
    .where('item_idx', '=', productId)
    .where('holder_address', '=', holder)
    .executeTakeFirst();
export const purchase = (who: Trader, instanceId: number, quantity: number) =>
  c.t.post('/nft/instance/purchase', { ...who.auth, instanceId, quantity });

/** Every alert on, both minimums 0: the settings a test changes from (`/user/alarm/update` takes them all). */
export const ALERTS_ON = {
  flagItemSell: 1,
  flagBid: 1,
  flagAcceptOffer: 1,
  flagExpiredSell: 1,
  flagOverOffer: 1,
  flagMinOffer: 1,
  minOfferPriceKlay: '0',
  minOfferPriceAtt: '0',
};
/** Sets a member's alert settings: every alert on but what `change` says. */
export async function alertSettings(who: Trader, change: Partial<typeof ALERTS_ON> = {}): Promise<void> {
  const r = await c.t.post('/user/alarm/update', { ...who.auth, ...ALERTS_ON, ...change });
  if (r.returnCode !== 0) throw new Error(`/user/alarm/update: ${r.returnCode}`);
}
