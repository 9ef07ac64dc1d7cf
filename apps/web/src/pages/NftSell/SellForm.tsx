/**
 * The fixed-price form (spec 3, sections 2 and 5): quantity (multi-edition; single items sell their one piece),
 * token, price with its USD estimate, the sale period from the calendar popup, the platform fee and the royalty,
 * and the confirm button that runs the listing steps (approval when needed, the signed Listing, the server).
 * Problems show under their fields after the first submit and follow the input from then on.
 */
import { type ItemDetail, ItemType, Token, type TokenSymbol } from '@att/shared';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Address } from 'viem';
import { popups } from '../../features/popups';
import { QuantityField } from '../../features/trade/core/QuantityField';
import type { TradeEnv } from '../../features/trade/core/trade-env';
import { SellProgress } from '../../features/trade/sell/SellProgress';
import { checkSell, quantityInput, type SellField, usdEstimate } from '../../features/trade/sell/sell-validation';
import { saleRun, sellPlan } from '../../features/trade/sell/sell-plan';
import { useSaleFlow } from '../../features/trade/sell/useSaleFlow';
import { tradeQueries } from '../../features/trade/trade-queries';
import { priceOf } from '../../features/wallet/balances';
import { useFrontConfig, useTokenInfo } from '../../lib/config';
import { PeriodPopup } from './PeriodPopup';
import { SaleTermsFields } from './SaleTermsFields';

interface Props {
  item: ItemDetail;
  auth: { id: string; ticket: string };
  free: number;
  env: TradeEnv | null;
  seller: Address;
}

const LISTING = { plan: sellPlan, run: saleRun };

export function SellForm({ item, auth, free, env, seller }: Props) {
  const { t, i18n } = useTranslation(['sell', 'errors']);
  const navigate = useNavigate();
  const front = useFrontConfig();
  const tokens = useTokenInfo();
  const ids = useId();
  const single = item.itemType === ItemType.Single;
  const [quantity, setQuantity] = useState('1');
  const [symbol, setSymbol] = useState<TokenSymbol>(Token.ATT);
  const [price, setPrice] = useState('');
  const [end, setEnd] = useState<Date | null>(null);
  const [periodOpen, setPeriodOpen] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const fieldRefs = {
    quantity: useRef<HTMLInputElement>(null),
    price: useRef<HTMLInputElement>(null),
    period: useRef<HTMLButtonElement>(null),
  };

  const chainState = useQuery(tradeQueries.sellChain(env, seller, item.tokenId));
  const sell = useSaleFlow(LISTING, {
    productId: item.productId,
    seller,
    onDone: () => {
      popups.ok(t('sell:steps.success'));
      navigate(`/NftInfo/${item.productId}`);
    },
    onStopped: () => void chainState.refetch(),
  });

  const check = checkSell({ quantity: single ? '1' : quantity, price, end }, free, new Date());
  const problems = submitted && !check.ok ? check.problems : {};
  const feePercent = chainState.data ? chainState.data.feeBps / 100 : Number(front.data?.platformFee ?? 0);
  const locale = i18n.language === 'ko' ? 'ko-KR' : 'en-US';
  const fmt = (d: Date) => d.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const usd = usdEstimate(price, priceOf(tokens.data, symbol));
  const noFree = free <= 0;
  const busy = sell.busy;

  const problemText = (field: SellField) => {
    const p = problems[field];
    if (!p) return null;
    return t(`sell:validation.${p}`, { count: free, symbol });
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (sell.isBusy()) {
      popups.ok(t('sell:validation.inProgress'));
      return;
    }
    setSubmitted(true);
    if (!check.ok) {
      const first = (['quantity', 'price', 'period'] as const).find((f) => check.problems[f]);
      if (first) fieldRefs[first].current?.focus();
      return;
    }
    if (!env) {
      popups.error(901);
      return;
    }
    sell.start({
      env,
      auth,
      productId: item.productId,
      item,
      seller,
      symbol,
      // Minutes and expiry as checked at this render, a moment before the click.
      terms: check.terms,
      needsApproval: chainState.data ? !chainState.data.approved : true,
    });
  };

  if (noFree) {
    return (
      <p className="empty-state" role="status" data-testid="sell-no-free">
        {t('sell:form.noFree')}
      </p>
    );
  }

  return (
    <form className="form sell-form" noValidate onSubmit={submit} data-testid="sell-form" aria-busy={busy}>
      <dl className="kv sell-facts">
        <div>
          <dt>{t('sell:form.available')}</dt>
          <dd data-testid="sell-free">{t('sell:form.availableCount', { count: free })}</dd>
        </div>
      </dl>

      {single ? (
        <div className="field">
          <label htmlFor={`${ids}-qty`}>{t('sell:form.quantity')}</label>
          <p className="readonly-value" id={`${ids}-qty`}>
            {t('sell:form.single')}
          </p>
        </div>
      ) : (
        <QuantityField
          id={`${ids}-qty`}
          label={t('sell:form.quantity')}
          inputRef={fieldRefs.quantity}
          value={quantity}
          onChange={(digits) => setQuantity(quantityInput(digits))}
          invalid={Boolean(problems.quantity)}
          describedBy={problems.quantity ? `${ids}-qty-err` : undefined}
          testId="sell-quantity"
        >
          {problems.quantity && (
            <p className="field-error" id={`${ids}-qty-err`} data-testid="sell-quantity-error">
              {problemText('quantity')}
            </p>
          )}
        </QuantityField>
      )}

      <SaleTermsFields
        ids={ids}
        testPrefix="sell"
        symbol={symbol}
        onSymbol={setSymbol}
        price={price}
        onPrice={setPrice}
        priceLabel={t('sell:form.price')}
        pricePlaceholder={t('sell:form.pricePlaceholder')}
        usd={usd}
        periodLabel={t('sell:form.period')}
        periodText={
          end ? t('sell:form.periodValue', { start: fmt(new Date()), end: fmt(end) }) : t('sell:form.choosePeriod')
        }
        onOpenPeriod={() => setPeriodOpen(true)}
        problems={{ price: problemText('price'), period: problemText('period') }}
        refs={fieldRefs}
        feePercent={feePercent}
        royalty={item.royalty}
      />

      <div className="form-actions">
        <button
          type="submit"
          className="btn btn-primary btn-lg"
          disabled={busy}
          aria-busy={busy}
          data-testid="sell-submit"
        >
          {busy ? t('sell:form.submitting') : t('sell:form.submit')}
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
      {sell.state.name !== 'idle' && <SellProgress state={sell.state} plan={sell.plan} onClose={sell.close} />}
    </form>
  );
}
