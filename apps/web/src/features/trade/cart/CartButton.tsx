/**
 * The header's cart button: a cart icon with the count of the signed-in member's cart (kept per wallet), opening the
 * cart panel (loaded when first opened). A visitor has no cart (a cart belongs to a wallet).
 */
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CartIcon } from '../../../components/ui/icons';
import { useMember } from '../core/trade-env';
import { useCart } from './cart-store';
import './cart-button.css';

const CartPanel = lazy(() => import('./CartPanel').then((m) => ({ default: m.CartPanel })));

export function CartButton() {
  const { t } = useTranslation('common');
  const member = useMember();
  const { lines } = useCart(member?.address ?? null);
  const [open, setOpen] = useState(false);
  if (!member) return null;
  return (
    <>
      <button
        type="button"
        className="icon-button cart-trigger"
        data-testid="cart-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <CartIcon />
        <span className="sr-only">{t('cartButton.label', { count: lines.length })}</span>
        {lines.length > 0 && (
          <span className="cart-count" data-testid="cart-count" aria-hidden="true">
            {lines.length > 99 ? '99+' : lines.length}
          </span>
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
          <CartPanel onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
