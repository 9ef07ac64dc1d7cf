/**
 * The bid list of an item on auction (spec 3 section 2): price, bidder and status of every bid of the auction from
 * /nft/instance/bid/list, highest first, the top live bid marked. The member's own outbid live bid offers its
 * withdrawal (`cancelBid` on chain; the top bid stays until outbid). Everyone but the seller gets the bid button
 * above the list while the auction runs (a visitor is asked to connect a wallet first); the sales list's auction
 * row has no button (spec 3). Loading, error and empty states.
 */
import type { BidRow, ItemDetail, ItemListingRow } from '@att/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadState } from '../../../components/ui/LoadState';
import { formatPrice, shortHex } from '../../../lib/format';
import { auth } from '../../auth';
import { useMember } from '../core/trade-env';
import { tradeQueries } from '../trade-queries';
import { WithdrawBidPopup } from './AuctionChainPopup';
import { BidPopup } from './BidPopup';
import { canWithdraw, topLiveBid } from './auction-rows';
import '../core/trade.css';

export function BidList({ item, auction }: { item: Pick<ItemDetail, 'productId' | 'name'>; auction: ItemListingRow }) {
  const { t, i18n } = useTranslation('trade');
  const productId = item.productId;
  const member = useMember();
  const bids = useQuery(tradeQueries.bids(auction.instanceId));
  const [withdrawing, setWithdrawing] = useState<BidRow | null>(null);
  const [bidding, setBidding] = useState(false);
  const seller = member?.address === auction.sellerAddress.toLowerCase();
  const running = new Date(auction.expireDate).getTime() > Date.now();
  const rows = bids.data ?? [];
  const top = topLiveBid(rows);
  const dateFmt = new Intl.DateTimeFormat(i18n.language?.startsWith('en') ? 'en' : 'ko', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (
    <section className="sales-list card" data-testid="bid-list" aria-labelledby="bid-list-title">
      <div className="bid-list-head">
        <h2 className="panel-title" id="bid-list-title">
          {t('bids.title')}
        </h2>
        {!seller && running && (
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => (member ? setBidding(true) : auth.requestConnect())}
            data-testid="bid-open"
          >
            {t('auction.bid')}
          </button>
        )}
      </div>
      {!bids.data ? (
        <LoadState
          loading={bids.isPending}
          error={bids.isError}
          loadingText={t('bids.loading')}
          errorText={t('bids.loadFailed')}
          retryText={t('bids.retry')}
          onRetry={() => void bids.refetch()}
        />
      ) : rows.length === 0 ? (
        <p className="muted" data-testid="bids-empty">
          {t('bids.empty')}
        </p>
      ) : (
        <div className="sales-table-wrap">
          <table className="sales-table">
            <thead>
              <tr>
                <th scope="col">{t('bids.price')}</th>
                <th scope="col">{t('bids.bidder')}</th>
                <th scope="col">{t('bids.state')}</th>
                <th scope="col">
                  <span className="sr-only">{t('bids.action')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((bid) => {
                const own = member?.address === bid.memberAddress.toLowerCase();
                return (
                  <tr
                    key={bid.bidIdx}
                    data-testid={`bid-row-${bid.bidIdx}`}
                    data-state={bid.state}
                    data-own={own ? '1' : '0'}
                  >
                    <td data-label={t('bids.price')}>
                      <span>
                        <strong data-testid="bid-price">{formatPrice(bid.price, bid.symbol)}</strong>
                        {top?.bidIdx === bid.bidIdx && <span className="badge bid-top">{t('bids.top')}</span>}
                        <time className="muted small sales-usd" dateTime={bid.createDate}>
                          {dateFmt.format(new Date(bid.createDate))}
                        </time>
                      </span>
                    </td>
                    <td data-label={t('bids.bidder')}>
                      {own ? (
                        <span className="badge">{t('bids.mine')}</span>
                      ) : bid.memberName ? (
                        <Link to={`/Profile/${encodeURIComponent(bid.memberName)}`}>{bid.memberName}</Link>
                      ) : (
                        <span className="mono">{shortHex(bid.memberAddress)}</span>
                      )}
                    </td>
                    <td data-label={t('bids.state')} data-testid="bid-state">
                      {t(`bids.states.${bid.state}` as 'bids.states.0', { defaultValue: String(bid.state) })}
                    </td>
                    <td className="sales-action">
                      {canWithdraw(bid, rows, member?.address) && (
                        <button
                          type="button"
                          className="btn btn-outline btn-sm"
                          onClick={() => setWithdrawing(bid)}
                          data-testid={`bid-withdraw-${bid.bidIdx}`}
                        >
                          {t('bids.withdraw')}
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {bidding && (
        <BidPopup item={item} auction={auction} onClose={() => setBidding(false)} key={`bid-${auction.instanceId}`} />
      )}
      {withdrawing && (
        <WithdrawBidPopup
          productId={productId}
          auction={auction}
          bid={withdrawing}
          onClose={() => setWithdrawing(null)}
          key={withdrawing.bidIdx}
        />
      )}
    </section>
  );
}
