/**
 * The fixed-price form (spec 3, sections 2 and 5): quantity (multi-edition; single items sell their one piece),
 * token, price with its USD estimate, the sale period from the calendar popup, the platform fee and the royalty,
 * and the confirm button that runs the listing steps (approval when needed, the signed Listing, the server).
 * Problems show under their fields after the first submit and follow the input from then on.
 */
import { type ItemDetail, SALE_SYMBOLS, type SaleSymbol } from '@att/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Address } from 'viem';
import { Dialog } from '../../components/ui/Dialog';
import { popups } from '../../features/popups/popup-store';
import { ApiError } from '../../features/popups/useApiMutation';
import { QuantityField } from '../../features/trading/QuantityField';
import { runSale } from '../../features/trading/sell-flow';
import { initialProgress, isFailed, progressReducer, type SellProgress, type SellProgressEvent } from '../../features/trading/sell-steps';
import { checkSell, priceInput, quantityInput, type SellField, usdEstimate } from '../../features/trading/sell-validation';
import { readSellState } from '../../features/trading/sell-wallet';
import type { TradeEnv } from '../../features/trading/trade-env';
import { groupDigits, priceOf } from '../../features/wallet/balances';
import { useFrontConfig, useTokenInfo } from '../../lib/config';
import { PeriodPopup } from './PeriodPopup';

interface Props {
  item: ItemDetail;
  auth: { id: string; ticket: string };
  free: number;
  env: TradeEnv | null;
  seller: Address;
}

type ProgressAction = SellProgressEvent | { type: 'reset'; progress: SellProgress | null };

function reduce(p: SellProgress | null, a: ProgressAction): SellProgress | null {
  if (a.type === 'reset') return a.progress;
  return p ? progressReducer(p, a) : p;
}

export function SellForm({ item, auth, free, env, seller }: Props) {
  const { t, i18n } = useTranslation(['sell', 'errors']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const front = useFrontConfig();
  const tokens = useTokenInfo();
  const ids = useId();
  const single = item.itemType === 2;
  const [quantity, setQuantity] = useState('1');
  const [symbol, setSymbol] = useState<SaleSymbol>('ATT');
  const [price, setPrice] = useState('');
  const [end, setEnd] = useState<Date | null>(null);
  const [periodOpen, setPeriodOpen] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [progress, dispatch] = useReducer(reduce, null);
  const running = useRef(false);
  const fieldRefs = { quantity: useRef<HTMLInputElement>(null), price: useRef<HTMLInputElement>(null), period: useRef<HTMLButtonElement>(null) };

  const chainState = useQuery({
    queryKey: ['sell', 'chain', seller, item.tokenId, env?.market],
    queryFn: () => readSellState(env!, seller, BigInt(item.tokenId)),
    enabled: env !== null,
    retry: 1,
  });

  const check = checkSell({ quantity: single ? '1' : quantity, price, end }, free, new Date());
  const problems = submitted && !check.ok ? check.problems : {};
  const feePercent = chainState.data ? chainState.data.feeBps / 100 : Number(front.data?.platformFee ?? 0);
  const locale = i18n.language === 'ko' ? 'ko-KR' : 'en-US';
  const fmt = (d: Date) => d.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const usd = usdEstimate(price, priceOf(tokens.data, symbol));
  const noFree = free <= 0;
  const busy = progress !== null && !isFailed(progress);

  const problemText = (field: SellField) => {
    const p = problems[field];
    if (!p) return null;
    return t(`sell:validation.${p}`, { count: free, symbol });
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (running.current) {
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
    running.current = true;
    dispatch({ type: 'reset', progress: initialProgress(chainState.data ? !chainState.data.approved : true) });
    runSale(
      {
        env,
        auth,
        productId: item.productId,
        item,
        seller,
        symbol,
        // Minutes and expiry as checked at this render, a moment before the click.
        terms: check.terms,
      },
      dispatch,
    )
      .then(() => {
        void queryClient.invalidateQueries({ queryKey: ['items'] });
        void queryClient.invalidateQueries({ queryKey: ['sell'] });
        dispatch({ type: 'reset', progress: null });
        popups.ok(t('sell:steps.success'));
        navigate(`/NftInfo/${item.productId}`);
      })
      .catch((err: unknown) => {
        void chainState.refetch();
        if (err instanceof ApiError) {
          // Server codes open the error popup (spec 3, section 8); the step list closes.
          dispatch({ type: 'reset', progress: null });
          popups.error(err.code);
        }
      })
      .finally(() => {
        running.current = false;
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

      <div className="sell-price-row">
        <div className="field sell-token">
          <label htmlFor={`${ids}-token`}>{t('sell:form.token')}</label>
          <select id={`${ids}-token`} value={symbol} onChange={(e) => setSymbol(e.target.value as SaleSymbol)} data-testid="sell-symbol">
            {SALE_SYMBOLS.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <div className="field sell-price">
          <label htmlFor={`${ids}-price`}>{t('sell:form.price')}</label>
          <input
            id={`${ids}-price`}
            ref={fieldRefs.price}
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('sell:form.pricePlaceholder')}
            value={price}
            onChange={(e) => setPrice(priceInput(e.target.value))}
            aria-invalid={problems.price ? true : undefined}
            aria-describedby={`${ids}-usd${problems.price ? ` ${ids}-price-err` : ''}`}
            data-testid="sell-price"
          />
          <p className="muted small sell-usd" id={`${ids}-usd`} data-testid="sell-usd">
            {t('sell:form.usd', { value: groupDigits(usd) })}
          </p>
          {problems.price && (
            <p className="field-error" id={`${ids}-price-err`} data-testid="sell-price-error">
              {problemText('price')}
            </p>
          )}
        </div>
      </div>

      <div className="field">
        <span className="label" id={`${ids}-period`}>
          {t('sell:form.period')}
        </span>
        <button
          type="button"
          ref={fieldRefs.period}
          className="btn btn-outline sell-period-button"
          aria-labelledby={`${ids}-period ${ids}-period-value`}
          aria-invalid={problems.period ? true : undefined}
          aria-describedby={problems.period ? `${ids}-period-err` : undefined}
          onClick={() => setPeriodOpen(true)}
          data-testid="sell-period"
        >
          <span id={`${ids}-period-value`} data-testid="sell-period-value">
            {end ? t('sell:form.periodValue', { start: fmt(new Date()), end: fmt(end) }) : t('sell:form.choosePeriod')}
          </span>
        </button>
        {problems.period && (
          <p className="field-error" id={`${ids}-period-err`} data-testid="sell-period-error">
            {problemText('period')}
          </p>
        )}
      </div>

      <dl className="kv sell-facts">
        <div>
          <dt>{t('sell:form.platformFee')}</dt>
          <dd data-testid="sell-fee">{feePercent}%</dd>
        </div>
        <div>
          <dt>{t('sell:form.royalty')}</dt>
          <dd data-testid="sell-royalty">{item.royalty}%</dd>
        </div>
      </dl>

      <div className="form-actions">
        <button type="submit" className="btn btn-primary btn-lg" disabled={busy} aria-busy={busy} data-testid="sell-submit">
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
      {progress && <ProgressDialog progress={progress} onClose={() => dispatch({ type: 'reset', progress: null })} />}
    </form>
  );
}

function ProgressDialog({ progress, onClose }: { progress: SellProgress; onClose: () => void }) {
  const { t } = useTranslation(['sell', 'trade', 'errors']);
  const failed = isFailed(progress);
  const problem = progress.problem;
  return (
    <Dialog
      title={t('sell:steps.title')}
      onClose={failed ? onClose : undefined}
      testId="sell-progress"
      footer={
        failed ? (
          <button type="button" className="btn btn-primary" onClick={onClose} data-testid="sell-progress-close">
            {t('sell:steps.close')}
          </button>
        ) : undefined
      }
    >
      <ol className="sell-steps" aria-live="polite">
        {progress.steps.map((s) => (
          <li key={s.key} className={`sell-step sell-step-${s.state}`} data-testid={`sell-step-${s.key}`} data-state={s.state}>
            <span className="sell-step-mark" aria-hidden="true">
              {s.state === 'done' ? '✓' : s.state === 'failed' ? '!' : s.state === 'active' ? '…' : '·'}
            </span>
            <span className="sell-step-label">{t(`sell:steps.${s.key}`)}</span>
            <span className="sell-step-state small muted">{t(`sell:steps.state.${s.state}`)}</span>
          </li>
        ))}
      </ol>
      {problem && (
        <p className="field-error" role="alert" data-testid="sell-progress-error">
          {t(problem as 'trade:errors.failed')}
        </p>
      )}
    </Dialog>
  );
}
