/**
 * The auction tab of the sell page (spec 3, sections 2, 5 and 9), single items only: token, start price (at least
 * 0.1) with its USD estimate, the end from the calendar popup (at most 6 months), the platform fee and the royalty,
 * and the confirm button that runs the auction's steps (the server's signed terms, the item approval when needed,
 * `registerAuction` from the wallet, the marketplace showing it). Problems show under their fields after the
 * first submit and follow the input from then on.
 */
import { type ItemDetail, Token, type TokenSymbol } from '@att/shared';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Address } from 'viem';
import { popups } from '../../features/popups';
import { AuctionProgress } from '../../features/trade/auction/AuctionProgress';
import { type AuctionField, checkAuction } from '../../features/trade/auction/auction-validation';
import { auctionPlan, auctionSaleRun } from '../../features/trade/auction/auction-plan';
import type { TradeEnv } from '../../features/trade/core/trade-env';
import { usdEstimate } from '../../features/trade/sell/sell-validation';
import { useSaleFlow } from '../../features/trade/sell/useSaleFlow';
import { tradeQueries } from '../../features/trade/trade-queries';
import { priceOf } from '../../features/wallet/balances';
import { useFrontConfig, useTokenInfo } from '../../lib/config';
import { PeriodPopup } from './PeriodPopup';
import { SaleTermsFields } from './SaleTermsFields';

interface Props {
  item: ItemDetail;
  auth: { id: string; ticket: string };
  env: TradeEnv | null;
  seller: Address;
}

/** An auction refreshes the item even when it stopped: it may be on chain already. */
const AUCTION = { plan: auctionPlan, run: auctionSaleRun, refreshOnStop: true };

export function AuctionForm({ item, auth, env, seller }: Props) {
  const { t, i18n } = useTranslation(['sell', 'errors']);
  const navigate = useNavigate();
  const front = useFrontConfig();
  const tokens = useTokenInfo();
  const ids = useId();
  const [symbol, setSymbol] = useState<TokenSymbol>(Token.ATT);
  const [price, setPrice] = useState('');
  const [end, setEnd] = useState<Date | null>(null);
  const [periodOpen, setPeriodOpen] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const fieldRefs = { price: useRef<HTMLInputElement>(null), period: useRef<HTMLButtonElement>(null) };

  const chainState = useQuery(tradeQueries.sellChain(env, seller, item.tokenId));
  const auction = useSaleFlow(AUCTION, {
    productId: item.productId,
    seller,
    onDone: () => {
      popups.ok(t('sell:auction.success'));
      navigate(`/NftInfo/${item.productId}`);
    },
    onStopped: () => void chainState.refetch(),
  });

  const check = checkAuction({ price, end }, new Date());
  const problems = submitted && !check.ok ? check.problems : {};
  const feePercent = chainState.data ? chainState.data.feeBps / 100 : Number(front.data?.platformFee ?? 0);
  const locale = i18n.language === 'ko' ? 'ko-KR' : 'en-US';
  const fmt = (d: Date) => d.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const usd = usdEstimate(price, priceOf(tokens.data, symbol));
  const busy = auction.busy;
  const problemText = (field: AuctionField) =>
    problems[field] ? t(`sell:validation.${problems[field]}`, { symbol }) : null;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (auction.isBusy()) {
      popups.ok(t('sell:validation.inProgress'));
      return;
    }
    setSubmitted(true);
    if (!check.ok) {
      const first = (['price', 'period'] as const).find((f) => check.problems[f]);
      if (first) fieldRefs[first].current?.focus();
      return;
    }
    if (!env) {
      popups.error(901);
      return;
    }
    auction.start({
      env,
      auth,
      productId: item.productId,
      seller,
      symbol,
      terms: check.terms,
      needsApproval: chainState.data ? !chainState.data.approved : true,
    });
  };

  return (
    <form className="form sell-form" noValidate onSubmit={submit} data-testid="auction-form" aria-busy={busy}>
      <SaleTermsFields
        ids={ids}
        testPrefix="auction"
        symbol={symbol}
        onSymbol={setSymbol}
        price={price}
        onPrice={setPrice}
        priceLabel={t('sell:auction.startPrice')}
        pricePlaceholder={t('sell:auction.startPricePlaceholder')}
        usd={usd}
        periodLabel={t('sell:auction.period')}
        periodText={
          end ? t('sell:form.periodValue', { start: fmt(new Date()), end: fmt(end) }) : t('sell:form.choosePeriod')
        }
        onOpenPeriod={() => setPeriodOpen(true)}
        problems={{ price: problemText('price'), period: problemText('period') }}
        refs={fieldRefs}
        feePercent={feePercent}
        royalty={item.royalty}
      />
      <p className="muted small">{t('sell:auction.feeNote')}</p>
      <p className="muted small" data-testid="auction-rules">
        {t('sell:auction.rules')}
      </p>

      <div className="form-actions">
        <button
          type="submit"
          className="btn btn-primary btn-lg"
          disabled={busy}
          aria-busy={busy}
          data-testid="auction-submit"
        >
          {busy ? t('sell:auction.submitting') : t('sell:auction.submit')}
        </button>
      </div>

      {periodOpen && (
        <PeriodPopup
          initialEnd={end}
          onClose={() => setPeriodOpen(false)}
          onApply={(d) => {
            setEnd(d);
            setPeriodOpen(false);
          }}
        />
      )}
      {auction.state.name !== 'idle' && (
        <AuctionProgress
          state={auction.state}
          plan={auction.plan}
          explorerUrl={env?.explorerUrl ?? ''}
          onClose={auction.close}
        />
      )}
    </form>
  );
}
