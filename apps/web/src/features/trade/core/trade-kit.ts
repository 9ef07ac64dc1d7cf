/**
 * The static entry to the trade machinery's wallet side: popups call `loadTradeKit()`, which loads the wallet
 * stack through the wallet's loader (the dev wallet configured, wallet events followed) and then the trade module
 * (`chain/trade-wallet.ts`). Nothing here imports viem or wagmi, so pages that show trade buttons stay light.
 */
import { loadWallet } from '../../wallet';

export type TradeKit = typeof import('../chain/trade-wallet');

let kit: Promise<TradeKit> | null = null;

export function loadTradeKit(): Promise<TradeKit> {
  kit ??= loadWallet()
    .then(() => import('../chain/trade-wallet'))
    .catch((err: unknown) => {
      kit = null;
      throw err;
    });
  return kit;
}
