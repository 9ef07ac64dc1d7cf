import { lazy } from 'react';

/** Trading: what other features may use (pages mount the popups and forms from their own folders). */
export {
  alertInvalidations,
  refreshAfterAlert,
  refreshAfterTrade,
  type TradeKind,
  tradeInvalidations,
} from './core/trade-refresh';
export { tradeKeys, tradeQueries } from './trade-queries';
/** The member's withdrawable balances on the Market with their withdraw popup (loaded when the wallet panel opens). */
export const WithdrawableBalances = lazy(() =>
  import('./auction/WithdrawableBalances').then((m) => ({ default: m.WithdrawableBalances })),
);
/** The header's cart button (its panel loads when opened) and the collection page's floor sweep. */
export { CartButton } from './cart/CartButton';
export const SweepPanel = lazy(() => import('./cart/SweepPanel').then((m) => ({ default: m.SweepPanel })));
