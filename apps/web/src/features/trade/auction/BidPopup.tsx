/**
 * The bid popup (spec 3 sections 5, 7 and 9): the minimum bid (the server's, from the order book: the start price,
 * then the top bid plus the raise the auction was registered with; rounded up to 4 decimals), the bid in the token or in dollars (the two convert), capped at what
 * the bidder can put up (balance plus their live bid, which the new bid replaces), the agree box, then the steps:
 * the server checks the bid (/nft/instance/bid; 276 below the minimum) -> ATT allowance when needed -> `placeBid`
 * in the wallet (gas 300,000; in KLAY the value is the increase over the bidder's live bid as the chain has it)
 * -> on chain -> the order book has the bid (by its transaction, learned from the item's socket event) -> done.
 */
import {
  formatTokenAmount,
  isNativeToken,
  type ItemDetail,
  type ItemListingRow,
  OrderKind,
  type RouteReply,
} from '@att/shared';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Address, Hex } from 'viem';
import { useTokenInfo } from '../../../lib/config';
import { formatPrice, groupDigits, shortHex } from '../../../lib/format';
import { priceOf } from '../../wallet';
import { reserveOrder } from '../core/reserve-order';
import { orderSettled } from '../core/order-settled';
import { payPlan } from '../core/trade-machine';
import { TradePopup } from '../core/TradePopup';
import { refreshAfterTrade } from '../core/trade-refresh';
import { AgreeBox, CoinBalance } from '../popup/PaymentChecks';
import { TradeSummary } from '../popup/TradeSummary';
import { useTradePopup } from '../popup/useTradePopup';
import { priceInput, priceWei } from '../sell/sell-validation';
import { AmountField } from '../terms/TermFields';
import { tradeQueries } from '../trade-queries';
import { capBid, ceil4, checkBid, maxBid, tokensOfUsd, tokenText, usdOfTokens } from './bid-validation';

type BidCheck = NonNullable<RouteReply<'/nft/instance/bid'>['data']>;

export interface BidPopupProps {
  item: Pick<ItemDetail, 'productId' | 'name'>;
  /** The auction's row of the item's sales list. */
  auction: ItemListingRow;
  onClose: () => void;
}

export function BidPopup({ item, auction, onClose }: BidPopupProps) {
  const { t } = useTranslation('trade');
  const ids = { token: useId(), usd: useId() };
  const symbol = auction.priceSymbol;
  const auctionId = auction.auctionId ?? String(auction.instanceId);
  const usdPrice = priceOf(useTokenInfo().data, symbol);
  const [token, setToken] = useState('');
  const [usd, setUsd] = useState('');
  const [capped, setCapped] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const { env, member, started, start, shell } = useTradePopup({
    name: 'bid',
    texts: { title: t('bid.title'), submit: t('bid.submit'), done: t('bid.done') },
    plan: payPlan(isNativeToken(symbol)),
    refresh: (address) => refreshAfterTrade('bid', { productId: item.productId, address, auction: auction.instanceId }),
    onClose,
  });
  // The one minimum: the order book's, on the auction's row of the item's listings (read again on its events).
  const serverMinimum = useQuery({
    ...tradeQueries.listings(item.productId),
    select: (rows) => rows.find((r) => r.instanceId === auction.instanceId)?.bidMinimum ?? auction.bidMinimum,
  });
  const liveBid = useQuery(tradeQueries.bidOf(env, auctionId, member?.address ?? null));
  const balance = useQuery(tradeQueries.coinBalance(env, member?.address ?? null, symbol));

  const minimum = serverMinimum.data === undefined ? undefined : ceil4(BigInt(serverMinimum.data));
  const max = maxBid(balance.data, liveBid.data);
  const amount = priceWei(token);
  const problem = checkBid({ amount, minimum, max, agreed });

  const enterToken = (raw: string) => {
    const c = capBid(priceInput(raw), max);
    setCapped(c.capped);
    setToken(c.text);
    setUsd(c.text ? usdOfTokens(c.text, usdPrice) : '');
  };
  const enterUsd = (raw: string) => {
    const typed = priceInput(raw);
    const c = capBid(tokensOfUsd(typed, usdPrice), max);
    setCapped(c.capped);
    setToken(c.text);
    setUsd(c.capped ? usdOfTokens(c.text, usdPrice) : typed);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (problem || amount === null || !env || !member) return;
    let check: BidCheck | null = null;
    let current = 0n;
    let sent: Hex | null = null;
    const account = () => member.address as Address;
    start({
      action: 'bid',
      reserve: async (kit, idempotencyKey) => {
        check = await reserveOrder(kit, member, env.chain, {
          path: '/nft/instance/bid',
          body: { instanceIdx: auction.instanceId, price: amount.toString() },
          idempotencyKey,
        });
        // The chain's copy: a withdrawal the server has not indexed yet must not be counted as still paid in.
        current = await kit.readBidOf(env.chain, check.market as Address, BigInt(check.auctionId), account());
      },
      approve: async (kit, onSent) => {
        await kit.ensureAllowance(
          env.chain,
          account(),
          check!.token as Address,
          check!.market as Address,
          amount - current,
          onSent,
        );
      },
      send: async (kit) =>
        (sent = await kit.sendPlaceBid(env.chain, await kit.requireAccount(member.address, env.chain), {
          market: check!.market,
          auctionId: BigInt(check!.auctionId),
          amount,
          token: check!.token,
          currentBid: current,
        })),
      watch: item.productId,
      indexed: () => orderSettled(member, OrderKind.Bid, sent!),
    });
  };

  const below = amount !== null && amount > 0n && problem === 'bid.belowMinimum';
  const summary = (
    <TradeSummary
      name={item.name}
      facts={[
        { label: t('bid.seller'), value: auction.sellerName ?? shortHex(auction.sellerAddress) },
        {
          label: auction.bidMaxPrice ? t('auction.topBid') : t('auction.startPrice'),
          value: formatPrice(auction.priceAmount, symbol),
          testId: 'bid-current-price',
        },
        {
          label: t('bid.minimum'),
          value: minimum === undefined ? t('bid.loadingMinimum') : formatPrice(minimum, symbol),
          testId: 'bid-minimum',
        },
      ]}
    />
  );
  const disabled = !env || minimum === undefined || problem === 'bid.noCoin';
  return (
    <TradePopup {...shell} summary={summary} disabled={disabled} onSubmit={submit}>
      <div className="bid-amounts">
        <AmountField
          id={ids.token}
          label={t('bid.amount', { symbol })}
          value={token}
          disabled={started}
          onValue={enterToken}
          aria-invalid={below || undefined}
          aria-describedby={below ? `${ids.token}-min` : undefined}
          testId="bid-amount"
        />
        <AmountField
          id={ids.usd}
          label={t('bid.usd')}
          value={usd}
          disabled={started}
          onValue={enterUsd}
          testId="bid-usd"
        />
      </div>
      {below && minimum !== undefined && (
        <p className="field-error" role="alert" id={`${ids.token}-min`} data-testid="bid-below-minimum">
          {t('bid.belowMinimum', { amount: groupDigits(tokenText(minimum)), symbol })}
        </p>
      )}
      {capped && (
        <p className="muted small" role="status" data-testid="bid-capped">
          {t('bid.capped')}
        </p>
      )}
      <CoinBalance
        keys="trade:bid"
        testId="bid"
        symbol={symbol}
        balance={balance.data}
        noCoin={problem === 'bid.noCoin'}
      >
        {liveBid.data !== undefined && liveBid.data > 0n && (
          <p className="muted small" data-testid="bid-live">
            {t('bid.currentBid', { amount: groupDigits(formatTokenAmount(liveBid.data)), symbol })}
          </p>
        )}
      </CoinBalance>
      <p className="muted small">{t('bid.rules')}</p>
      <AgreeBox
        keys="trade:bid"
        testId="bid"
        checked={agreed}
        disabled={started}
        onChange={setAgreed}
        problem={submitted && problem && problem !== 'bid.noCoin' && !below ? t(problem) : null}
      />
    </TradePopup>
  );
}
