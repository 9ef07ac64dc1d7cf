/**
 * Buys a cart: per coin, the server reserves what it can (`/nft/cart/purchase`, one idempotency key per coin and
 * action), ATT is approved once for the coin's total, one `buyNfts` goes through the wallet, and its receipt tells
 * what was filled (`cartOutcome`). The bought lines leave the cart (`onBought`); what each trade changed is refreshed.
 */
import { isNativeToken, type SaleSymbol } from '@att/shared';
import { useState } from 'react';
import type { Address } from 'viem';
import { newIdempotencyKey } from '../../../lib/api';
import { reserveOrder } from '../core/reserve-order';
import { useMember, useTradeEnv } from '../core/trade-env';
import { loadTradeKit } from '../core/trade-kit';
import { refreshAfterTrade } from '../core/trade-refresh';
import { cartByCoin, type CartLine } from './cart-store';
import { cartOutcome, type CartOutcome } from './cart-result';

export type CartStep = 'reserve' | 'approve' | 'confirm' | 'mined';
export type CartBuyState =
  | { name: 'idle' }
  | { name: 'running'; step: CartStep; symbol: SaleSymbol }
  | { name: 'done'; outcomes: (CartOutcome & { hash?: string })[] }
  | { name: 'failed'; messageKey: string; outcomes: (CartOutcome & { hash?: string })[] };

export function useCartBuy(onBought: (instanceIds: number[]) => void) {
  const env = useTradeEnv();
  const member = useMember();
  const [state, setState] = useState<CartBuyState>({ name: 'idle' });

  const run = async (lines: readonly CartLine[]) => {
    if (!env || !member || state.name === 'running') return;
    const outcomes: (CartOutcome & { hash?: string })[] = [];
    const products = new Map(lines.map((l) => [l.instanceId, l.productId]));
    try {
      const kit = await loadTradeKit();
      for (const group of cartByCoin(lines)) {
        const step = (s: CartStep) => setState({ name: 'running', step: s, symbol: group.symbol });
        step('reserve');
        const data = await reserveOrder(kit, member, env.chain, {
          path: '/nft/cart/purchase',
          body: {
            symbol: group.symbol,
            orders: group.lines.map((l) => ({ instanceId: l.instanceId, quantity: l.quantity })),
          },
          idempotencyKey: newIdempotencyKey(),
        });
        if (data.orders.length === 0) {
          outcomes.push(cartOutcome(data, null));
          continue;
        }
        const account = await kit.requireAccount(member.address, env.chain);
        if (!isNativeToken(group.symbol)) {
          step('approve');
          const market = data.market as Address;
          await kit.ensureAllowance(env.chain, account, kit.cartToken(data), market, BigInt(data.totalPrice), () => {});
        }
        step('confirm');
        const hash = await kit.sendCart(env.chain, account, data);
        step('mined');
        const outcome = { ...cartOutcome(data, await kit.cartFilled(env.chain, hash)), hash };
        outcomes.push(outcome);
        onBought(outcome.bought.map((b) => b.instanceId));
        for (const b of outcome.bought)
          void refreshAfterTrade('buy', { productId: products.get(b.instanceId)!, address: member.address });
      }
      setState({ name: 'done', outcomes });
    } catch (err) {
      const kit = await loadTradeKit().catch(() => null);
      const failure = kit ? kit.translateTradeError(err, 'buy') : { key: 'trade:errors.failed' };
      setState({ name: 'failed', messageKey: failure.key, outcomes });
    }
  };
  return { state, run, reset: () => setState({ name: 'idle' }), ready: Boolean(env && member) };
}
