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
import { api, ensureOk } from '../../../lib/api';
import { useTokenInfo } from '../../../lib/config';
import { formatPrice, groupDigits, shortHex } from '../../../lib/format';
import { priceOf } from '../../wallet';
import { orderSettled } from '../core/order-settled';
import { useMember, useTradeEnv } from '../core/trade-env';
import type { TradeStep } from '../core/trade-machine';
import { TradePopup } from '../core/TradePopup';
import { refreshAfterTrade } from '../core/trade-refresh';
import { useTradeFlow } from '../core/useTradeFlow';
import { priceInput, priceWei } from '../sell/sell-validation';
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
  const ids = { token: useId(), usd: useId(), agree: useId() };
  const env = useTradeEnv();
  const member = useMember();
  const flow = useTradeFlow();
  const symbol = auction.priceSymbol;
  const auctionId = auction.auctionId ?? String(auction.instanceId);
  const usdPrice = priceOf(useTokenInfo().data, symbol);
  const [token, setToken] = useState('');
  const [usd, setUsd] = useState('');
  const [capped, setCapped] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const [submitted, setSubmitted] = useState(false);
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
  const plan: TradeStep[] = isNativeToken(symbol)
    ? ['reserve', 'send', 'index']
    : ['reserve', 'approve', 'send', 'index'];
  const state = flow.state;
  const started = state.name !== 'idle';
  const refresh = () =>
    refreshAfterTrade('bid', { productId: item.productId, address: member?.address, auction: auction.instanceId });

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
    void flow
      .start({
        action: 'bid',
        plan,
        chain: env.chain,
        reserve: async (kit, idempotencyKey) => {
          await kit.requireAccount(member.address, env.chain);
          check = ensureOk(
            await api(
              '/nft/instance/bid',
              { id: member.id, ticketId: member.ticketId, instanceIdx: auction.instanceId, price: amount.toString() },
              { idempotencyKey },
            ),
          ).data!;
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
      })
      .then(() => refresh());
  };

  const close = () => {
    if (started) void refresh();
    flow.reset();
    onClose();
  };

  const below = amount !== null && amount > 0n && problem === 'bid.belowMinimum';
  const summary = (
    <>
      <p className="trade-item-name">{item.name}</p>
      <dl className="kv trade-summary">
        <div>
          <dt>{t('bid.seller')}</dt>
          <dd>{auction.sellerName ?? shortHex(auction.sellerAddress)}</dd>
        </div>
        <div>
          <dt>{auction.bidMaxPrice ? t('auction.topBid') : t('auction.startPrice')}</dt>
          <dd data-testid="bid-current-price">{formatPrice(auction.priceAmount, symbol)}</dd>
        </div>
        <div>
          <dt>{t('bid.minimum')}</dt>
          <dd data-testid="bid-minimum">
            {minimum === undefined ? t('bid.loadingMinimum') : formatPrice(minimum, symbol)}
          </dd>
        </div>
      </dl>
    </>
  );
  return (
    <TradePopup
      title={t('bid.title')}
      testId="bid-popup"
      state={state}
      plan={plan}
      explorerUrl={env?.explorerUrl ?? ''}
      summary={summary}
      submit={{
        label: t('bid.submit'),
        testId: 'bid-submit',
        disabled: !env || minimum === undefined || problem === 'bid.noCoin',
      }}
      done={{ message: t('bid.done'), testId: 'bid-done' }}
      onSubmit={submit}
      onRetry={flow.reset}
      onClose={close}
    >
      <div className="bid-amounts">
        <div className="field">
          <label htmlFor={ids.token}>{t('bid.amount', { symbol })}</label>
          <input
            id={ids.token}
            inputMode="decimal"
            autoComplete="off"
            value={token}
            disabled={started}
            onChange={(e) => enterToken(e.target.value)}
            aria-invalid={below || undefined}
            aria-describedby={below ? `${ids.token}-min` : undefined}
            data-testid="bid-amount"
          />
        </div>
        <div className="field">
          <label htmlFor={ids.usd}>{t('bid.usd')}</label>
          <input
            id={ids.usd}
            inputMode="decimal"
            autoComplete="off"
            value={usd}
            disabled={started}
            onChange={(e) => enterUsd(e.target.value)}
            data-testid="bid-usd"
          />
        </div>
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
      <p className="muted small" data-testid="bid-balance">
        {balance.data === undefined
          ? t('bid.balanceLoading')
          : t('bid.balance', { symbol, amount: groupDigits(formatTokenAmount(balance.data)) })}
      </p>
      {liveBid.data !== undefined && liveBid.data > 0n && (
        <p className="muted small" data-testid="bid-live">
          {t('bid.currentBid', { amount: groupDigits(formatTokenAmount(liveBid.data)), symbol })}
        </p>
      )}
      {problem === 'bid.noCoin' && (
        <p className="field-error" role="alert" data-testid="bid-no-coin">
          {t('bid.noCoin')}
        </p>
      )}
      <p className="muted small">{t('bid.rules')}</p>
      <div className="check-row">
        <label className="check" htmlFor={ids.agree}>
          <input
            id={ids.agree}
            type="checkbox"
            checked={agreed}
            disabled={started}
            onChange={(e) => setAgreed(e.target.checked)}
            data-testid="bid-agree"
          />
          <span>{t('bid.agree')}</span>
        </label>
      </div>
      {submitted && problem && problem !== 'bid.noCoin' && !below && (
        <p className="field-error" role="alert" data-testid="bid-problem">
          {t(problem)}
        </p>
      )}
    </TradePopup>
  );
}
