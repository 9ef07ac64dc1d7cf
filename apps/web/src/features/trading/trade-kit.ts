/**
 * The static entry to the trade machinery's wallet side: popups call `loadTradeKit()`, which loads the wallet
 * stack the way the login controller does (`loadWallet()`: the dev wallet configured, wallet events followed) and
 * then the trade module. Nothing here imports viem or wagmi, so pages that show trade buttons stay light.
 */
import { loadWallet } from '../auth/auth-controller';

export type TradeKit = typeof import('./trade-wallet');

let kit: Promise<TradeKit> | null = null;

export function loadTradeKit(): Promise<TradeKit> {
  kit ??= loadWallet()
    .then(() => import('./trade-wallet'))
    .catch((err: unknown) => {
      kit = null;
      throw err;
    });
  return kit;
}
