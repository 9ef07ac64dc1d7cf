/**
 * The fields both tabs of the sell page share (spec 3 sections 2 and 9): the token, the price (the fixed price, or
 * an auction's start price) with its USD estimate, the period button that opens the calendar, and the platform fee
 * and royalty. Each tab keeps its own state, checks and test ids (`<prefix>-symbol`, `-price`, `-usd`, `-period`,
 * `-fee`, `-royalty` and the `-error` lines); the problems arrive as texts.
 */
import type { TokenSymbol } from '@att/shared';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { priceInput } from '../../features/trade/sell/sell-validation';
import { AmountField, TokenField } from '../../features/trade/terms/TermFields';
import { groupDigits } from '../../lib/format';

interface Props {
  /** The form's `useId()`, prefixing the fields' ids. */
  ids: string;
  testPrefix: 'sell' | 'auction';
  symbol: TokenSymbol;
  onSymbol: (symbol: TokenSymbol) => void;
  price: string;
  onPrice: (price: string) => void;
  priceLabel: string;
  pricePlaceholder: string;
  usd: string;
  periodLabel: string;
  /** The chosen period as text ("from - to"), or the prompt to choose one. */
  periodText: string;
  onOpenPeriod: () => void;
  problems: { price: string | null; period: string | null };
  refs: { price: RefObject<HTMLInputElement | null>; period: RefObject<HTMLButtonElement | null> };
  feePercent: number;
  royalty: number;
}

export function SaleTermsFields(p: Props) {
  const { t } = useTranslation('sell');
  const { ids, testPrefix: tp, problems } = p;
  return (
    <>
      <div className="sell-price-row">
        <TokenField
          id={`${ids}-token`}
          className="field sell-token"
          label={t('form.token')}
          value={p.symbol}
          onChange={p.onSymbol}
          testId={`${tp}-symbol`}
        />
        <AmountField
          id={`${ids}-price`}
          className="field sell-price"
          label={p.priceLabel}
          inputRef={p.refs.price}
          placeholder={p.pricePlaceholder}
          value={p.price}
          onValue={(raw) => p.onPrice(priceInput(raw))}
          aria-invalid={problems.price ? true : undefined}
          aria-describedby={`${ids}-usd${problems.price ? ` ${ids}-price-err` : ''}`}
          testId={`${tp}-price`}
        >
          <p className="muted small sell-usd" id={`${ids}-usd`} data-testid={`${tp}-usd`}>
            {t('form.usd', { value: groupDigits(p.usd) })}
          </p>
          {problems.price && (
            <p className="field-error" id={`${ids}-price-err`} data-testid={`${tp}-price-error`}>
              {problems.price}
            </p>
          )}
        </AmountField>
      </div>

      <div className="field">
        <span className="label" id={`${ids}-period`}>
          {p.periodLabel}
        </span>
        <button
          type="button"
          ref={p.refs.period}
          className="btn btn-outline sell-period-button"
          aria-labelledby={`${ids}-period ${ids}-period-value`}
          aria-invalid={problems.period ? true : undefined}
          aria-describedby={problems.period ? `${ids}-period-err` : undefined}
          onClick={p.onOpenPeriod}
          data-testid={`${tp}-period`}
        >
          <span id={`${ids}-period-value`} data-testid={`${tp}-period-value`}>
            {p.periodText}
          </span>
        </button>
        {problems.period && (
          <p className="field-error" id={`${ids}-period-err`} data-testid={`${tp}-period-error`}>
            {problems.period}
          </p>
        )}
      </div>

      <dl className="kv sell-facts">
        <div>
          <dt>{t('form.platformFee')}</dt>
          <dd data-testid={`${tp}-fee`}>{p.feePercent}%</dd>
        </div>
        <div>
          <dt>{t('form.royalty')}</dt>
          <dd data-testid={`${tp}-royalty`}>{p.royalty}%</dd>
        </div>
      </dl>
    </>
  );
}
