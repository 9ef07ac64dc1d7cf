/**
 * The item detail page's sales list (spec 3 section 2): the item's live listings from /nft/instance/list/item,
 * cheapest first, with price (and its USD value), quantity, expiry and seller. The member's own listing offers
 * cancel (/nft/cancel/sale withdraws it from the order book at once, a confirmation says so and offers the on-chain
 * `cancelListing`, so the signature that left the server can never be used); other fixed-price listings offer
 * buy (the buy popup). Pieces held for a purchase under way ("거래 대기", a buyer's reservation) say what they are
 * and when they come back: the deadline of the Buy signed for them. The server cannot free them sooner (the chain
 * takes that Buy until its deadline, so pieces freed early could be promised to a second buyer), but the buyer can:
 * on their own pending purchase, "지금 해제하기" voids their Buy on chain (the release popup) and the pieces come
 * back at once. An auction's row shows its top bid (or its start price before any bid) and the bids
 * placed, with cancel auction (on chain) for its seller and no button for others (spec: "auctions show no button";
 * a bid is placed from the bid list below). Loading, error and empty states.
 */
import { type ItemDetail, type ItemListingRow, type PendingPurchaseRow, SaleType } from '@att/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../../lib/format';
import { auth } from '../../auth';
import { popups } from '../../popups';
import { useMember } from '../core/trade-env';
import { CancelAuctionPopup } from '../auction/AuctionChainPopup';
import { ChainCancelPopup } from '../sell/ChainCancelPopup';
import { useCancelListing } from '../sell/useCancelListing';
import { listDateFormat, PartyCell, type TradeColumn, TradeTable } from '../list/TradeTable';
import { tradeQueries } from '../trade-queries';
import { AddToCartButton } from '../cart/AddToCartButton';
import { BuyPopup } from './BuyPopup';
import { ReleasePopup } from './ReleasePopup';
import '../core/trade.css';
import { UsdEstimate } from '../../../components/ui/UsdEstimate';

type SalesItem = Pick<ItemDetail, 'productId' | 'name' | 'itemType' | 'flagMint'>;

export function SalesList({ item }: { item: SalesItem }) {
  const { t, i18n } = useTranslation('trade');
  const member = useMember();
  const listings = useQuery(tradeQueries.listings(item.productId));
  const [buying, setBuying] = useState<ItemListingRow | null>(null);
  const [cancellingAuction, setCancellingAuction] = useState<ItemListingRow | null>(null);
  const pending = useQuery(tradeQueries.pendingPurchases(member, item.productId)).data ?? [];
  const [releasing, setReleasing] = useState<PendingPurchaseRow | null>(null);
  const { cancel, withdrawn, setWithdrawn } = useCancelListing(item.productId);

  const askCancel = (row: ItemListingRow) =>
    popups.confirm(t('sales.cancelConfirm'), () => cancel.run(row.instanceId), {
      title: t('sales.cancelTitle'),
      confirmLabel: t('sales.cancel'),
    });

  const dateFmt = listDateFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const timeFmt = listDateFormat(i18n.language, { timeStyle: 'short' });
  const own = (row: ItemListingRow) => member?.address === row.sellerAddress.toLowerCase();
  const isAuction = (row: ItemListingRow) => row.saleType === SaleType.Auction;
  const columns: TradeColumn<ItemListingRow>[] = [
    {
      label: t('sales.price'),
      cell: (row) => (
        <span>
          {isAuction(row) && (
            <>
              <span className="muted small sales-usd" data-testid="sale-auction-label">
                {t('auction.label')} · {row.bidMaxPrice ? t('auction.topBid') : t('auction.startPrice')}
              </span>{' '}
            </>
          )}
          <strong data-testid="sale-price">{formatPrice(row.priceAmount, row.priceSymbol)}</strong>
          {row.currencyPrice && <UsdEstimate className="muted small sales-usd" usd={row.currencyPrice} />}
          {isAuction(row) && (
            <span className="muted small sales-usd">{t('auction.bidCount', { count: row.bidCount ?? 0 })}</span>
          )}
        </span>
      ),
    },
    {
      label: t('sales.quantity'),
      cell: (row) => (
        <span>
          {t('sales.remain', { count: row.remainCount })}
          {!isAuction(row) && row.availableCount < row.remainCount && (
            <span className="muted small sales-reserved" data-testid="sale-reserved">
              {t('sales.reserved', { count: row.remainCount - row.availableCount })}
              {row.reservedUntil && ' '}
              {row.reservedUntil && (
                <span className="sales-reserved-note" data-testid="sale-reserved-note">
                  {t('sales.reservedNote', { time: timeFmt.format(new Date(row.reservedUntil)) })}
                </span>
              )}
              {pending
                .filter((p) => p.instanceId === row.instanceId)
                .map((p) => (
                  <span key={p.psdId} className="sales-release" data-testid={`sale-mine-pending-${p.psdId}`}>
                    {' '}
                    {t('sales.releaseMine')}{' '}
                    <button
                      type="button"
                      className="btn btn-outline btn-sm"
                      onClick={() => setReleasing(p)}
                      data-testid={`sale-release-${p.psdId}`}
                    >
                      {t('sales.release')}
                    </button>
                  </span>
                ))}
            </span>
          )}
        </span>
      ),
    },
    {
      label: t('sales.expiry'),
      cell: (row) => <time dateTime={row.expireDate}>{dateFmt.format(new Date(row.expireDate))}</time>,
    },
    {
      label: t('sales.seller'),
      cell: (row) => (
        <PartyCell own={own(row)} name={row.sellerName} address={row.sellerAddress} mineText={t('sales.mine')} />
      ),
    },
  ];
  const actions = (row: ItemListingRow) =>
    own(row) && isAuction(row) ? (
      <button
        type="button"
        className="btn btn-outline btn-sm"
        onClick={() => setCancellingAuction(row)}
        data-testid={`sale-cancel-auction-${row.instanceId}`}
      >
        {t('auction.cancel')}
      </button>
    ) : isAuction(row) ? null : own(row) ? (
      <button
        type="button"
        className="btn btn-outline btn-sm"
        disabled={cancel.busy}
        onClick={() => askCancel(row)}
        data-testid={`sale-cancel-${row.instanceId}`}
      >
        {t('sales.cancel')}
      </button>
    ) : row.saleType === SaleType.Fixed ? (
      <>
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={row.availableCount <= 0}
          onClick={() => (member ? setBuying(row) : auth.requestConnect())}
          data-testid={`sale-buy-${row.instanceId}`}
        >
          {t('sales.buy')}
        </button>
        <AddToCartButton listing={row} item={item} />
      </>
    ) : null;
  return (
    <TradeTable
      name="sales-list"
      testId="sales-list"
      title={t('sales.title')}
      query={listings}
      text={(k) => t(k === 'action' ? 'sales.buy' : `sales.${k}`)}
      emptyTestId="sales-empty"
      columns={columns}
      rowId={(row) => `sale-row-${row.instanceId}`}
      own={own}
      rowData={(row) => ({ 'data-remain': row.remainCount })}
      actions={actions}
    >
      {buying && <BuyPopup item={item} listing={buying} onClose={() => setBuying(null)} key={buying.instanceId} />}
      {releasing && (
        <ReleasePopup
          pending={releasing}
          productId={item.productId}
          onClose={() => setReleasing(null)}
          key={releasing.psdId}
        />
      )}
      {cancellingAuction && (
        <CancelAuctionPopup
          productId={item.productId}
          auction={cancellingAuction}
          onClose={() => setCancellingAuction(null)}
        />
      )}
      {withdrawn && (
        <ChainCancelPopup withdrawn={withdrawn} productId={item.productId} onClose={() => setWithdrawn(null)} />
      )}
    </TradeTable>
  );
}
