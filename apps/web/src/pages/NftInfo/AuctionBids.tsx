import type { ItemDetail } from '@att/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { auctionOf } from '../../features/trade/auction/auction-rows';
import { AuctionResult } from '../../features/trade/auction/AuctionResult';
import { BidList } from '../../features/trade/auction/BidList';
import { SettleAuction } from '../../features/trade/auction/SettleAuction';
import { tradeQueries } from '../../features/trade/trade-queries';

/**
 * The bid list slot (spec 3): shown while the item is on auction (its sales list has the auction's row), then any
 * member's settlement once it ended (always rendered: its popup outlives the row); once the sales list has no
 * auction, how the last one ended (its winning bid).
 */
export function AuctionBids({ item }: { item: Pick<ItemDetail, 'productId' | 'name'> }) {
  const { t } = useTranslation('trade');
  const listings = useQuery(tradeQueries.listings(item.productId)).data;
  const auction = auctionOf(listings);
  return (
    <>
      {auction && (
        <section className="item-section" data-testid="bid-list-slot" aria-label={t('bids.title')}>
          <BidList item={item} auction={auction} key={auction.instanceId} />
        </section>
      )}
      {listings && !auction && <AuctionResult productId={item.productId} />}
      <SettleAuction item={item} auction={auction} />
    </>
  );
}
