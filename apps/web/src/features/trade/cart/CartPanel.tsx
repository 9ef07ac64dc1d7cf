/**
 * The cart panel (a drawer from the header's cart button): the member's cart per coin with each listing's price, the
 * coin's total and remove; "Buy" buys every coin's part in one `buyNfts` each (`useCartBuy`), then shows what was
 * bought and what was not and why; the bought ones leave the cart.
 */
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Drawer } from '../../../components/ui/Drawer';
import { CloseIcon } from '../../../components/ui/Dialog';
import { CartIcon } from '../../../components/ui/icons';
import { formatPrice } from '../../../lib/format';
import { useMember, useTradeEnv } from '../core/trade-env';
import { cartByCoin, type CartLine, useCart } from './cart-store';
import { CartProgress, CartResult } from './CartResult';
import { useCartBuy } from './useCartBuy';
import './cart.css';

export function CartPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('trade');
  const member = useMember();
  const env = useTradeEnv();
  const cart = useCart(member?.address ?? null);
  const buy = useCartBuy(cart.remove);
  const sent = useRef<CartLine[]>([]);
  const groups = cartByCoin(cart.lines);
  const running = buy.state.name === 'running';
  const nameOf = (id: number) => sent.current.find((l) => l.instanceId === id)?.name ?? `#${id}`;
  return (
    <Drawer label={t('cart.title')} onClose={onClose} testId="cart-panel">
      <div className="drawer-header">
        <h2>
          <CartIcon /> {t('cart.title')}
        </h2>
        <button type="button" className="icon-button" aria-label={t('cart.close')} onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      <div className="drawer-body cart-body">
        {!member ? (
          <p className="muted">{t('cart.loginFirst')}</p>
        ) : groups.length === 0 && buy.state.name === 'idle' ? (
          <p className="muted" data-testid="cart-empty">
            {t('cart.empty')}
          </p>
        ) : null}
        {groups.map((g) => (
          <section key={g.symbol} className="cart-coin" data-testid={`cart-coin-${g.symbol}`}>
            <h3>
              {g.symbol} <span className="muted small">{t('cart.count', { count: g.lines.length })}</span>
            </h3>
            <ul className="cart-lines">
              {g.lines.map((l) => (
                <li key={l.instanceId} className="cart-line" data-testid={`cart-line-${l.instanceId}`}>
                  <Link to={`/NftInfo/${l.productId}`} onClick={onClose} className="cart-line-name">
                    {l.name}
                  </Link>
                  <span className="cart-line-price">{formatPrice(l.priceAmount, l.priceSymbol)}</span>
                  <button
                    type="button"
                    className="btn btn-outline btn-sm"
                    disabled={running}
                    aria-label={t('cart.removeName', { name: l.name })}
                    data-testid={`cart-remove-${l.instanceId}`}
                    onClick={() => cart.remove([l.instanceId])}
                  >
                    {t('cart.remove')}
                  </button>
                </li>
              ))}
            </ul>
            <p className="cart-total" data-testid={`cart-total-${g.symbol}`}>
              {t('cart.total')} <strong>{formatPrice(g.total, g.symbol)}</strong>
            </p>
          </section>
        ))}
        {buy.state.name === 'running' && <CartProgress state={buy.state} />}
        {(buy.state.name === 'done' || buy.state.name === 'failed') && (
          <CartResult state={buy.state} nameOf={nameOf} explorerUrl={env?.explorerUrl ?? ''} />
        )}
        {groups.length > 0 && (
          <button
            type="button"
            className="btn btn-primary cart-buy"
            disabled={running || !buy.ready}
            data-testid="cart-buy"
            onClick={() => {
              sent.current = cart.lines;
              void buy.run(cart.lines);
            }}
          >
            {running ? t('cart.buying') : t('cart.buy')}
          </button>
        )}
      </div>
    </Drawer>
  );
}
