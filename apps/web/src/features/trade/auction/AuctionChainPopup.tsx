/**
 * The on-chain withdrawals of auctions, each a `send -> index` plan on the one trade machine in the trade popup
 * shell: the bidder's withdrawal of an outbid bid (`cancelBid`, gas 300,000), done once the bid list shows it
 * withdrawn; the seller's cancel of the auction (`cancelAuction`, every live bid refunded, its gas limit growing
 * with them), done once the sales list no longer shows it.
 */
import { BID_PAGE, type BidRow, formatTokenAmount, type ItemListingRow } from '@att/shared';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Hex } from 'viem';
import { api, ensureOk } from '../../../lib/api';
import { groupDigits } from '../../../lib/format';
import { useMember, useTradeEnv, type TradeEnv } from '../core/trade-env';
import type { TradeAction } from '../core/trade-errors';
import type { TradeKit } from '../core/trade-kit';
import type { TradeStep } from '../core/trade-machine';
import { TradePopup } from '../core/TradePopup';
import { refreshAfterTrade } from '../core/trade-refresh';
import { useTradeFlow } from '../core/useTradeFlow';
import { noLiveBid } from './auction-rows';

const PLAN: readonly TradeStep[] = ['send', 'index'];
type Member = NonNullable<ReturnType<typeof useMember>>;

interface ChainActionProps {
  kind: 'withdrawBid' | 'cancelAuction';
  action: TradeAction;
  productId: number;
  auction: ItemListingRow;
  text: string;
  send: (kit: TradeKit, env: TradeEnv, member: Member) => Promise<Hex>;
  indexed: (member: Member) => Promise<boolean>;
  onClose: () => void;
}

function ChainActionPopup(p: ChainActionProps) {
  const { t } = useTranslation('trade');
  const env = useTradeEnv();
  const member = useMember();
  const flow = useTradeFlow();
  const started = flow.state.name !== 'idle';
  const tid = p.kind === 'withdrawBid' ? 'withdraw-bid' : 'cancel-auction';
  const refresh = () =>
    refreshAfterTrade(p.kind === 'withdrawBid' ? 'cancelBid' : 'cancelAuction', {
      productId: p.productId,
      address: member?.address,
      auction: p.auction.instanceId,
    });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!env || !member) return;
    void flow
      .start({
        action: p.action,
        plan: PLAN,
        chain: env.chain,
        send: (kit) => p.send(kit, env, member),
        indexed: () => p.indexed(member),
      })
      .then(() => refresh());
  };
  const close = () => {
    if (started) void refresh();
    flow.reset();
    p.onClose();
  };
  return (
    <TradePopup
      title={t(`${p.kind}.title`)}
      testId={`${tid}-popup`}
      state={flow.state}
      plan={PLAN}
      explorerUrl={env?.explorerUrl ?? ''}
      summary={<p className="popup-message">{p.text}</p>}
      submit={{ label: t(`${p.kind}.submit`), testId: `${tid}-submit`, disabled: !env || !member }}
      done={{ message: t(`${p.kind}.done`), testId: `${tid}-done` }}
      onSubmit={submit}
      onRetry={flow.reset}
      onClose={close}
    >
      {null}
    </TradePopup>
  );
}

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
      kind="withdrawBid"
      action="cancelBid"
      productId={productId}
      auction={auction}
      text={t('withdrawBid.text', { amount: groupDigits(formatTokenAmount(BigInt(bid.price))), symbol: bid.symbol })}
      send={async (kit, env, member) =>
        kit.sendCancelBid(env.chain, await kit.requireAccount(member.address, env.chain), env.market, auctionId)
      }
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
      kind="cancelAuction"
      action="cancelAuction"
      productId={productId}
      auction={auction}
      text={t('cancelAuction.text')}
      send={async (kit, env, member) =>
        kit.sendCancelAuction(env.chain, await kit.requireAccount(member.address, env.chain), env.market, auctionId)
      }
      indexed={async () =>
        !(ensureOk(await api('/nft/instance/list/item', { productId })).list ?? []).some(
          (r) => r.instanceId === auction.instanceId,
        )
      }
      onClose={onClose}
    />
  );
}
