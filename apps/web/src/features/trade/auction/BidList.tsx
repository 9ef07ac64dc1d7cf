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
import { formatPrice } from '../../../lib/format';
import { auth } from '../../auth';
import { useMember } from '../core/trade-env';
import { listDateFormat, PartyCell, type TradeColumn, TradeTable } from '../list/TradeTable';
import { tradeQueries } from '../trade-queries';
import { WithdrawBidPopup } from './AuctionChainPopup';
import { BidPopup } from './BidPopup';
import { canWithdraw, topLiveBid } from './auction-rows';

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
  const dateFmt = listDateFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const own = (bid: BidRow) => member?.address === bid.memberAddress.toLowerCase();
  const columns: TradeColumn<BidRow>[] = [
    {
      label: t('bids.price'),
      cell: (bid) => (
        <span>
          <strong data-testid="bid-price">{formatPrice(bid.price, bid.symbol)}</strong>
          {top?.bidIdx === bid.bidIdx && <span className="badge bid-top">{t('bids.top')}</span>}
          <time className="muted small sales-usd" dateTime={bid.createDate}>
            {dateFmt.format(new Date(bid.createDate))}
          </time>
        </span>
      ),
    },
    {
      label: t('bids.bidder'),
      cell: (bid) => (
        <PartyCell own={own(bid)} name={bid.memberName} address={bid.memberAddress} mineText={t('bids.mine')} />
      ),
    },
    {
      label: t('bids.state'),
      testId: 'bid-state',
      cell: (bid) => t(`bids.states.${bid.state}` as 'bids.states.0', { defaultValue: String(bid.state) }),
    },
  ];
  return (
    <TradeTable
      name="sales-list"
      testId="bid-list"
      title={t('bids.title')}
      head={{
        className: 'bid-list-head',
        action: !seller && running && (
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => (member ? setBidding(true) : auth.requestConnect())}
            data-testid="bid-open"
          >
            {t('auction.bid')}
          </button>
        ),
      }}
      query={bids}
      text={(k) => t(`bids.${k}`)}
      emptyTestId="bids-empty"
      columns={columns}
      rowId={(bid) => `bid-row-${bid.bidIdx}`}
      own={own}
      rowData={(bid) => ({ 'data-state': bid.state })}
      actions={(bid) =>
        canWithdraw(bid, rows, member?.address) && (
          <button
            type="button"
            className="btn btn-outline btn-sm"
            onClick={() => setWithdrawing(bid)}
            data-testid={`bid-withdraw-${bid.bidIdx}`}
          >
            {t('bids.withdraw')}
          </button>
        )
      }
    >
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
    </TradeTable>
  );
}
