/**
 * "바닥가 쓸어담기" on the collection page: a count and a top price per piece in one coin find the collection's
 * cheapest listings that fit (`/nft/cart/floor`), shown with their total; "Buy" buys them as a cart (one `buyNfts`)
 * and shows what was bought and what was not and why.
 */
import { CART_MAX_LISTINGS, type CartFloorRequest, SALE_SYMBOLS, type SaleSymbol } from '@att/shared';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../../lib/format';
import { useMember, useTradeEnv } from '../core/trade-env';
import { tradeQueries } from '../trade-queries';
import { cartByCoin } from './cart-store';
import { CartProgress, CartResult } from './CartResult';
import { sweepLines, sweepProblem, sweepRequest, type SweepForm } from './sweep-form';
import { useCartBuy } from './useCartBuy';
import './cart.css';

export function SweepPanel({ collectionIdx }: { collectionIdx: number }) {
  const { t } = useTranslation('trade');
  const member = useMember();
  const env = useTradeEnv();
  const [form, setForm] = useState<SweepForm>({ count: '3', maxPrice: '', symbol: SALE_SYMBOLS[0] });
  const [asked, setAsked] = useState<CartFloorRequest | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const auth = member ? { id: member.id, ticketId: member.ticketId } : {};
  const found = useQuery({ ...tradeQueries.floor({ ...auth, ...asked! }), enabled: asked !== null });
  const buy = useCartBuy(() => {});
  const problem = sweepProblem(form);
  const rows = found.data ?? [];
  const lines = sweepLines(rows);
  const total = cartByCoin(lines)[0]?.total ?? '0';
  const running = buy.state.name === 'running';
  const sent = useRef(lines);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (problem) return;
    buy.reset();
    setAsked(sweepRequest(form, collectionIdx));
  };
  const set = (k: keyof SweepForm) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));
  return (
    <section className="sweep-panel" aria-labelledby="sweep-title" data-testid="sweep-panel">
      <h2 id="sweep-title">{t('sweep.title')}</h2>
      <form className="sweep-form" onSubmit={submit} noValidate>
        <label>
          {t('sweep.count')}
          <input inputMode="numeric" value={form.count} onChange={set('count')} data-testid="sweep-count" />
        </label>
        <label>
          {t('sweep.maxPrice')}
          <input inputMode="decimal" value={form.maxPrice} onChange={set('maxPrice')} data-testid="sweep-price" />
        </label>
        <label>
          {t('sweep.coin')}
          <select
            value={form.symbol}
            onChange={(e) => setForm((f) => ({ ...f, symbol: e.target.value as SaleSymbol }))}
            data-testid="sweep-symbol"
          >
            {SALE_SYMBOLS.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn-outline" disabled={running} data-testid="sweep-find">
          {t('sweep.find')}
        </button>
      </form>
      {submitted && problem && (
        <p className="field-error" role="alert" data-testid="sweep-problem">
          {t(problem, { max: CART_MAX_LISTINGS })}
        </p>
      )}
      {asked && found.isPending && <p className="muted">{t('sweep.loading')}</p>}
      {asked && found.isError && (
        <p className="field-error" role="alert">
          {t('sweep.error')}
        </p>
      )}
      {asked && found.isSuccess && rows.length === 0 && (
        <p className="muted" data-testid="sweep-empty">
          {t('sweep.empty')}
        </p>
      )}
      {rows.length > 0 && (
        <>
          <p>{t('sweep.found', { count: rows.length })}</p>
          <ul className="cart-lines" data-testid="sweep-list">
            {rows.map((r) => (
              <li key={r.instanceId} className="cart-line" data-testid={`sweep-row-${r.instanceId}`}>
                <span className="cart-line-name">{r.productName}</span>
                <span className="cart-line-price">{formatPrice(r.priceAmount, r.priceSymbol)}</span>
              </li>
            ))}
          </ul>
          <p className="cart-total" data-testid="sweep-total">
            {t('cart.total')} <strong>{formatPrice(total, asked?.symbol ?? form.symbol)}</strong>
          </p>
          {buy.state.name === 'idle' || buy.state.name === 'running' ? (
            <button
              type="button"
              className="btn btn-primary"
              disabled={running || !buy.ready}
              onClick={() => {
                sent.current = lines;
                void buy.run(lines);
              }}
              data-testid="sweep-buy"
            >
              {running ? t('cart.buying') : t('sweep.buy', { count: rows.length })}
            </button>
          ) : null}
          {!member && <p className="muted">{t('cart.loginFirst')}</p>}
        </>
      )}
      {buy.state.name === 'running' && <CartProgress state={buy.state} />}
      {(buy.state.name === 'done' || buy.state.name === 'failed') && (
        <CartResult
          state={buy.state}
          nameOf={(id) => sent.current.find((l) => l.instanceId === id)?.name ?? `#${id}`}
          explorerUrl={env?.explorerUrl ?? ''}
        />
      )}
    </section>
  );
}
