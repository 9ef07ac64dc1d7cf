/**
 * Edit and sell (spec 3) and the cheapest listing's countdown. Edit (/NftModify) only when the server says the
 * viewer may (the creator, the only owner, never sold, nothing on sale or reserved); sell (/NftSell) when the
 * viewer holds free pieces (owned minus on sale minus reserved).
 */
import type { ItemDetail } from '@att/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ownerMenu } from '../../features/items/owner-menu';
import { TransferButton } from '../../features/trade/transfer/TransferButton';
import { SaleCountdown } from './SaleCountdown';

export function ItemTradeButtons({ item }: { item: ItemDetail }) {
  const { t } = useTranslation('itemDetail');
  const canSell = ownerMenu(item)?.sell === true;
  return (
    <div className="item-trade">
      <SaleCountdown productId={item.productId} />
      {(item.editable || canSell) && (
        <div className="item-trade-buttons">
          {item.editable && (
            <Link to={`/NftModify/${item.productId}`} className="btn btn-outline" data-testid="item-edit">
              {t('actions.edit')}
            </Link>
          )}
          {canSell && (
            <Link to={`/NftSell/${item.productId}`} className="btn btn-primary" data-testid="item-sell">
              {t('actions.sell')}
            </Link>
          )}
        </div>
      )}
      <TransferButton item={item} />
    </div>
  );
}
