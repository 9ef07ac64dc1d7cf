/**
 * The on-chain withdrawals of auctions, each a `send -> index` plan on the one trade machine in the trade popup
 * shell: the bidder's withdrawal of an outbid bid (`cancelBid`, gas 300,000), done once the bid list shows it
 * withdrawn; the seller's cancel of the auction (`cancelAuction`, every live bid refunded, its gas limit growing
 * with them), done once the sales list no longer shows it. Each reads its fact once when mined and once per event of
 * the item (the bid's or the auction's change is one), never on a timer.
 */
import { BID_PAGE, type BidRow, formatTokenAmount, type ItemListingRow } from '@att/shared';
import { useTranslation } from 'react-i18next';
import { api, ensureOk } from '../../../lib/api';
import { groupDigits } from '../../../lib/format';
import { refreshAfterTrade } from '../core/trade-refresh';
import { ChainActionPopup } from '../popup/ChainActionPopup';
import { noLiveBid } from './auction-rows';

async function bidsOf(instanceId: number): Promise<BidRow[]> {
  return (
    ensureOk(await api('/nft/instance/bid/list', { pageNo: 1, pageSize: BID_PAGE.size, instanceIdx: instanceId }))
      .list ?? []
  );
}

/** The bidder withdraws their outbid bid `bid` of `auction`. */
export function WithdrawBidPopup({
  productId,
  auction,
  bid,
  onClose,
}: {
  productId: number;
  auction: ItemListingRow;
  bid: BidRow;
  onClose: () => void;
}) {
  const { t } = useTranslation('trade');
  const auctionId = BigInt(auction.auctionId ?? auction.instanceId);
  return (
    <ChainActionPopup
      action="cancelBid"
      testId="withdraw-bid"
      title={t('withdrawBid.title')}
      submitLabel={t('withdrawBid.submit')}
      doneMessage={t('withdrawBid.done')}
      refresh={(address) => refreshAfterTrade('cancelBid', { productId, address, auction: auction.instanceId })}
      text={t('withdrawBid.text', { amount: groupDigits(formatTokenAmount(BigInt(bid.price))), symbol: bid.symbol })}
      send={async (kit, env, member) =>
        kit.sendCancelBid(env.chain, await kit.requireAccount(member.address, env.chain), env.market, auctionId)
      }
      watch={productId}
      indexed={async (member) => noLiveBid(await bidsOf(auction.instanceId), member.address)}
      onClose={onClose}
    />
  );
}

/** The seller cancels `auction` (every live bid refunded). */
export function CancelAuctionPopup({
  productId,
  auction,
  onClose,
}: {
  productId: number;
  auction: ItemListingRow;
  onClose: () => void;
}) {
  const { t } = useTranslation('trade');
  const auctionId = BigInt(auction.auctionId ?? auction.instanceId);
  return (
    <ChainActionPopup
      action="cancelAuction"
      testId="cancel-auction"
      title={t('cancelAuction.title')}
      submitLabel={t('cancelAuction.submit')}
      doneMessage={t('cancelAuction.done')}
      refresh={(address) => refreshAfterTrade('cancelAuction', { productId, address, auction: auction.instanceId })}
      text={t('cancelAuction.text')}
      send={async (kit, env, member) =>
        kit.sendCancelAuction(env.chain, await kit.requireAccount(member.address, env.chain), env.market, auctionId)
      }
      watch={productId}
      indexed={async () =>
        !(ensureOk(await api('/nft/instance/list/item', { productId })).list ?? []).some(
          (r) => r.instanceId === auction.instanceId,
        )
      }
      onClose={onClose}
    />
  );
}
