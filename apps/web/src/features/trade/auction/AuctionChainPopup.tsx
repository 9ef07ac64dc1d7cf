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
import type { PopupMember } from '../popup/usePopupFlow';
import { noLiveBid } from './auction-rows';

async function bidsOf(instanceId: number): Promise<BidRow[]> {
  return (
    ensureOk(await api('/nft/instance/bid/list', { pageNo: 1, pageSize: BID_PAGE.size, instanceIdx: instanceId }))
      .list ?? []
  );
}

interface AuctionPopupProps {
  productId: number;
  auction: ItemListingRow;
  onClose: () => void;
}

/** Each withdrawal's action (its errors and refresh), test id and Market call, beside its texts (`trade:<kind>.*`). */
const CALLS = {
  withdrawBid: { action: 'cancelBid', testId: 'withdraw-bid', call: 'sendCancelBid' },
  cancelAuction: { action: 'cancelAuction', testId: 'cancel-auction', call: 'sendCancelAuction' },
} as const;

/** One of the auction's withdrawals: its message, and when the server shows it done. */
function AuctionCallPopup({
  kind,
  text,
  indexed,
  productId,
  auction,
  onClose,
}: AuctionPopupProps & {
  kind: keyof typeof CALLS;
  text: string;
  indexed: (member: PopupMember) => Promise<boolean>;
}) {
  const { t } = useTranslation('trade');
  const c = CALLS[kind];
  const auctionId = BigInt(auction.auctionId ?? auction.instanceId);
  return (
    <ChainActionPopup
      action={c.action}
      testId={c.testId}
      title={t(`${kind}.title`)}
      text={text}
      submitLabel={t(`${kind}.submit`)}
      doneMessage={t(`${kind}.done`)}
      send={async (kit, env, member) =>
        kit[c.call](env.chain, await kit.requireAccount(member.address, env.chain), env.market, auctionId)
      }
      watch={productId}
      indexed={indexed}
      refresh={(address) => refreshAfterTrade(c.action, { productId, address, auction: auction.instanceId })}
      onClose={onClose}
    />
  );
}

/** The bidder withdraws their outbid bid `bid` of `auction`. */
export function WithdrawBidPopup({ bid, ...p }: AuctionPopupProps & { bid: BidRow }) {
  const { t } = useTranslation('trade');
  const amount = groupDigits(formatTokenAmount(BigInt(bid.price)));
  return (
    <AuctionCallPopup
      {...p}
      kind="withdrawBid"
      text={t('withdrawBid.text', { amount, symbol: bid.symbol })}
      indexed={async (member) => noLiveBid(await bidsOf(p.auction.instanceId), member.address)}
    />
  );
}

/** The seller cancels `auction` (every live bid refunded): done once the item's sales list no longer shows it. */
export function CancelAuctionPopup(p: AuctionPopupProps) {
  const { t } = useTranslation('trade');
  const listed = async () => ensureOk(await api('/nft/instance/list/item', { productId: p.productId })).list ?? [];
  return (
    <AuctionCallPopup
      {...p}
      kind="cancelAuction"
      text={t('cancelAuction.text')}
      indexed={async () => !(await listed()).some((r) => r.instanceId === p.auction.instanceId)}
    />
  );
}
