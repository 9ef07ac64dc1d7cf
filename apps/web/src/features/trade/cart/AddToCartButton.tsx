/** "장바구니에 담기" on a fixed-price listing: puts it in the signed-in member's cart (one piece), says what happened. */
import { CART_MAX_LISTINGS, type ItemListingRow } from '@att/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMember } from '../core/trade-env';
import { type AddResult, useCart } from './cart-store';

export function AddToCartButton({
  listing,
  item,
}: {
  listing: ItemListingRow;
  item: { productId: number; name: string };
}) {
  const { t } = useTranslation('trade');
  const member = useMember();
  const cart = useCart(member?.address ?? null);
  const [said, setSaid] = useState<AddResult | null>(null);
  if (!member) return null;
  const inCart = cart.lines.some((l) => l.instanceId === listing.instanceId);
  const add = () =>
    setSaid(
      cart.add({
        instanceId: listing.instanceId,
        productId: item.productId,
        name: item.name,
        priceAmount: listing.priceAmount,
        priceSymbol: listing.priceSymbol,
        quantity: 1,
        sellerAddress: listing.sellerAddress.toLowerCase(),
      }),
    );
  return (
    <>
      <button
        type="button"
        className="btn btn-outline btn-sm"
        disabled={inCart || listing.availableCount <= 0}
        onClick={add}
        data-testid={`cart-add-${listing.instanceId}`}
      >
        {inCart ? t('cart.inCart') : t('cart.add')}
      </button>
      {said === 'full' && (
        <span className="field-error small" role="alert">
          {t('cart.full', { count: CART_MAX_LISTINGS })}
        </span>
      )}
    </>
  );
}
