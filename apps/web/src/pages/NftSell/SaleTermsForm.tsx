/**
 * The form both tabs of the sell page share (spec 3, sections 2, 5 and 9): the token, the price with its USD
 * estimate, the end from the calendar popup, the platform fee (the Market's on chain, else the site's) and the
 * royalty, the confirm button, and the run of the sale's steps on `useSaleFlow` with its progress. Problems show
 * under their fields after the first submit and follow the input from then on; the first one takes the focus.
 * What differs between a fixed price and an auction comes as props: the check, the kind of run, the tab (its
 * texts and test id prefix), the fields before the price (the quantity) and the notes after the fees.
 */
import { type ItemDetail, Token, type TokenSymbol } from '@att/shared';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, type RefObject, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Address } from 'viem';
import { popups } from '../../features/popups';
import type { TradeEnv } from '../../features/trade/core/trade-env';
import type { AuctionProblem } from '../../features/trade/auction/auction-validation';
import { type SellProblem, usdEstimate } from '../../features/trade/sell/sell-validation';
import { type SaleKind, useSaleFlow } from '../../features/trade/sell/useSaleFlow';
import { tradeQueries } from '../../features/trade/trade-queries';
import { priceOf } from '../../features/wallet/balances';
import { useFrontConfig, useTokenInfo } from '../../lib/config';
import { PeriodPopup } from './PeriodPopup';
import { SaleTermsFields } from './SaleTermsFields';

type Problem = SellProblem | AuctionProblem;
type Check<Field extends string, Terms> =
  { ok: true; terms: Terms } | { ok: false; problems: Partial<Record<Field, Problem>> };

/** What every run of the sell page carries; a kind adds its own (a listing adds the item). */
export interface SaleStart<Terms> {
  env: TradeEnv;
  auth: { id: string; ticket: string };
  productId: number;
  seller: Address;
  symbol: TokenSymbol;
  terms: Terms;
  needsApproval: boolean;
}

/** The form's problems as texts, for the fields a tab adds before the price. */
export interface SaleProblems<Field extends string> {
  problems: Partial<Record<Field, Problem>>;
  problemText: (field: Field) => string | null;
}

/** Each tab's texts (keys under `sell:`). */
const TEXTS = {
  sell: {
    success: 'steps.success',
    price: 'form.price',
    pricePlaceholder: 'form.pricePlaceholder',
    period: 'form.period',
    submit: 'form.submit',
    busy: 'form.submitting',
  },
  auction: {
    success: 'auction.success',
    price: 'auction.startPrice',
    pricePlaceholder: 'auction.startPricePlaceholder',
    period: 'auction.period',
    submit: 'auction.submit',
    busy: 'auction.submitting',
  },
} as const;

interface Props<Field extends string, Terms, Run extends { needsApproval: boolean }> {
  item: ItemDetail;
  auth: { id: string; ticket: string };
  env: TradeEnv | null;
  seller: Address;
  /** The tab: its texts and the prefix of its test ids. */
  testPrefix: 'sell' | 'auction';
  kind: SaleKind<Run>;
  toRun: (start: SaleStart<Terms>) => Run;
  /** Checks the price and the end (and what the tab holds itself) at `now`. */
  check: (input: { price: string; end: Date | null }, now: Date) => Check<Field, Terms>;
  /** The fields in the order of the form: the first with a problem takes the focus. */
  order: readonly Field[];
  /** The inputs of the fields the tab adds before the price. */
  refs?: Partial<Record<Field, RefObject<HTMLElement | null>>>;
  /** The values of the problem texts besides the token (`count` of a quantity). */
  problemValues?: Record<string, unknown>;
  before?: (form: SaleProblems<Field>) => ReactNode;
  /** Shown instead of the form (nothing left to sell); the run and the chain reads stay, as the form's own. */
  unavailable?: ReactNode;
  /** What stands between the fees and the confirm button. */
  children?: ReactNode;
  progress: (flow: ReturnType<typeof useSaleFlow<Run>>) => ReactNode;
}

export function SaleTermsForm<Field extends string, Terms, Run extends { needsApproval: boolean }>(
  p: Props<Field, Terms, Run>,
) {
  const { t, i18n } = useTranslation(['sell', 'errors']);
  const navigate = useNavigate();
  const front = useFrontConfig();
  const tokens = useTokenInfo();
  const ids = useId();
  const { item, env, seller, testPrefix: tp } = p;
  const texts = TEXTS[tp];
  const [symbol, setSymbol] = useState<TokenSymbol>(Token.ATT);
  const [price, setPrice] = useState('');
  const [end, setEnd] = useState<Date | null>(null);
  const [periodOpen, setPeriodOpen] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const fieldRefs = { price: useRef<HTMLInputElement>(null), period: useRef<HTMLButtonElement>(null) };

  const chainState = useQuery(tradeQueries.sellChain(env, seller, item.tokenId));
  const flow = useSaleFlow(p.kind, {
    productId: item.productId,
    seller,
    onDone: () => {
      popups.ok(t(`sell:${texts.success}`));
      navigate(`/NftInfo/${item.productId}`);
    },
    onStopped: () => void chainState.refetch(),
  });

  const check = p.check({ price, end }, new Date());
  const problems: Partial<Record<Field, Problem>> = submitted && !check.ok ? check.problems : {};
  const feePercent = chainState.data ? chainState.data.feeBps / 100 : Number(front.data?.platformFee ?? 0);
  const locale = i18n.language === 'ko' ? 'ko-KR' : 'en-US';
  const fmt = (d: Date) => d.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const usd = usdEstimate(price, priceOf(tokens.data, symbol));
  const busy = flow.busy;
  const problemText = (field: Field) => {
    const problem: Problem | undefined = problems[field];
    return problem ? t(`sell:validation.${problem}`, { ...p.problemValues, symbol }) : null;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (flow.isBusy()) {
      popups.ok(t('sell:validation.inProgress'));
      return;
    }
    setSubmitted(true);
    if (!check.ok) {
      const refs: Partial<Record<string, RefObject<HTMLElement | null>>> = { ...p.refs, ...fieldRefs };
      const first = p.order.find((f) => check.problems[f]);
      if (first) refs[first]?.current?.focus();
      return;
    }
    if (!env) {
      popups.error(901);
      return;
    }
    flow.start(
      p.toRun({
        env,
        auth: p.auth,
        productId: item.productId,
        seller,
        symbol,
        // Minutes and expiry as checked at this render, a moment before the click.
        terms: check.terms,
        needsApproval: chainState.data ? !chainState.data.approved : true,
      }),
    );
  };

  if (p.unavailable) return p.unavailable;

  return (
    <form className="form sell-form" noValidate onSubmit={submit} data-testid={`${tp}-form`} aria-busy={busy}>
      {p.before?.({ problems, problemText })}
      <SaleTermsFields
        ids={ids}
        testPrefix={tp}
        symbol={symbol}
        onSymbol={setSymbol}
        price={price}
        onPrice={setPrice}
        priceLabel={t(`sell:${texts.price}`)}
        pricePlaceholder={t(`sell:${texts.pricePlaceholder}`)}
        usd={usd}
        periodLabel={t(`sell:${texts.period}`)}
        periodText={
          end ? t('sell:form.periodValue', { start: fmt(new Date()), end: fmt(end) }) : t('sell:form.choosePeriod')
        }
        onOpenPeriod={() => setPeriodOpen(true)}
        problems={{ price: problemText('price' as Field), period: problemText('period' as Field) }}
        refs={fieldRefs}
        feePercent={feePercent}
        royalty={item.royalty}
      />
      {p.children}

      <div className="form-actions">
        <button
          type="submit"
          className="btn btn-primary btn-lg"
          disabled={busy}
          aria-busy={busy}
          data-testid={`${tp}-submit`}
        >
          {t(`sell:${busy ? texts.busy : texts.submit}`)}
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
      {flow.state.name !== 'idle' && p.progress(flow)}
    </form>
  );
}
