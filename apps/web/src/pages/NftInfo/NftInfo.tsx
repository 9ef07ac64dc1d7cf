/**
 * /NftInfo/{productId}, the item detail page (spec 3): a missing or non-numeric id goes to /; a missing item says
 * "잘못된 접근 입니다." and a deleted one 'deleted item', then go to /. The page is a column of small sections,
 * each in its own file beside this one: the media and summary (counts, owners and likers popups, like, refresh,
 * report, share, lock badge), edit / sell and the listing countdown, the sales list slot, an auction's bid list or
 * else the offers, the price history chart, the history / chain tabs, and the collection's other items.
 */
import { SaleType } from '@att/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { LoadState } from '../../components/ui/LoadState';
import { useWatchItem } from '../../features/alerts';
import { routeIdx } from '../../features/collections/collection-queries';
import { DeletedItemError, useItemDetail } from '../../features/items/item-queries';
import { popups } from '../../features/popups/popup-store';
import { failureCode } from '../../lib/api';
import { ClaimAuctionItem } from '../../features/trade/auction/ClaimAuctionItem';
import { refreshAfterAlert } from '../../features/trade';
import { AuctionBids } from './AuctionBids';
import { ItemMedia } from './ItemMedia';
import { ItemSummary } from './ItemSummary';
import { ItemTabs } from './ItemTabs';
import { ItemTradeButtons } from './ItemTradeButtons';
import { SalesList } from '../../features/trade/buy/SalesList';
import { OfferList } from '../../features/trade/offer/OfferList';
import { CollectionOfferList } from '../../features/trade/collection-offer/CollectionOfferList';
import { OtherItems } from './OtherItems';
import { PriceHistory } from './PriceHistory';
import { TraitsPanel } from './TraitsPanel';
import './nft-info.css';

export function NftInfo() {
  const productId = routeIdx(useParams().productId);
  if (productId === null) return <Navigate to="/" replace />;
  return <Body productId={productId} key={productId} />;
}

/** An event of the item (a bid, sale, listing, offer, auction end or transfer by anyone): what it shows is read again. */
const itemChanged = (productIdx: number) => void refreshAfterAlert(productIdx);

function Body({ productId }: { productId: number }) {
  const { t } = useTranslation(['item', 'collection', 'itemDetail']);
  const navigate = useNavigate();
  const detail = useItemDetail(productId);
  useWatchItem(productId, itemChanged);
  const deleted = detail.error instanceof DeletedItemError;
  const missing = detail.isError && failureCode(detail.error) === 258;
  useEffect(() => {
    if (!missing) return;
    const text = deleted ? t('itemDetail:deleted') : t('collection:page.wrongAccess');
    popups.ok(text, { onClose: () => navigate('/', { replace: true }) });
  }, [missing, deleted, navigate, t]);

  const item = detail.data;
  if (!item) {
    return (
      <section className="page" data-testid={deleted ? 'item-deleted' : undefined}>
        <LoadState
          loading={detail.isPending}
          error={detail.isError && !missing}
          loadingText={t('item:form.loading')}
          errorText={t('item:form.loadFailed')}
          retryText={t('item:form.retry')}
          onRetry={() => void detail.refetch()}
        />
      </section>
    );
  }
  return (
    <section className="page item-detail" data-testid="item-page" data-product-id={item.productId}>
      <div className="item-page">
        <ItemMedia item={item} />
        <div className="item-page-info">
          <ItemSummary item={item} refreshing={detail.isFetching} />
          <ItemTradeButtons item={item} />
          <p className="small">
            <a href={item.metadataUrl} target="_blank" rel="noopener noreferrer" data-testid="item-metadata-link">
              {t('item:info.metadata')}
            </a>
          </p>
        </div>
      </div>
      <TraitsPanel item={item} />
      <section className="item-section" data-testid="sales-list-slot" aria-label={t('itemDetail:sales.title')}>
        <SalesList item={item} />
      </section>
      <AuctionBids item={item} />
      <ClaimAuctionItem productId={item.productId} />
      {item.saleType !== SaleType.Auction && <OfferList item={item} />}
      {item.saleType !== SaleType.Auction && <CollectionOfferList item={item} />}
      <PriceHistory productId={item.productId} />
      <ItemTabs productId={item.productId} />
      <OtherItems productId={item.productId} collectionIdx={item.collectionIdx} />
    </section>
  );
}
