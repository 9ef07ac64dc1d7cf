import { platformFeeSchema, TOKEN_SYMBOLS, type TokenSymbol, usdPriceSchema } from '@att/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { popups } from '../../features/popups/popup-store';
import { useApiCall } from '../../lib/api';
import { frontConfigQuery, tokenInfoQuery, useFrontConfig, useTokenInfo } from '../../lib/config';
import { useAuthFields } from './admin-kit';
import { KrwRateForm } from './KrwRateForm';

/** Token USD prices (/config/token/info), the platform fee and the won rate (/config/front) the web shows. */
export function PricesTab() {
  const { t } = useTranslation('admin');
  const auth = useAuthFields();
  const queryClient = useQueryClient();
  const tokens = useTokenInfo();
  const front = useFrontConfig();
  const [prices, setPrices] = useState<Partial<Record<TokenSymbol, string>>>({});
  const [fee, setFee] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<TokenSymbol | 'fee', boolean>>>({});
  const savePrice = useApiCall('/admin/token/price', {
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: tokenInfoQuery.queryKey });
      setPrices({});
      popups.ok(t('common.saved'));
    },
  });
  const saveFee = useApiCall('/admin/config/fee', {
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: frontConfigQuery.queryKey });
      setFee(null);
      popups.ok(t('common.saved'));
    },
  });
  const current = (s: TokenSymbol) => tokens.data?.find((x) => x.symbol === s)?.price ?? '';

  const submitPrice = (symbol: TokenSymbol) => (e: FormEvent) => {
    e.preventDefault();
    const price = (prices[symbol] ?? current(symbol)).trim();
    const ok = usdPriceSchema.safeParse(price).success;
    setErrors((x) => ({ ...x, [symbol]: !ok }));
    if (ok && !savePrice.busy) savePrice.run({ ...auth, symbol, price });
  };
  const submitFee = (e: FormEvent) => {
    e.preventDefault();
    const value = (fee ?? front.data?.platformFee ?? '').trim();
    const ok = platformFeeSchema.safeParse(value).success;
    setErrors((x) => ({ ...x, fee: !ok }));
    if (ok && !saveFee.busy) saveFee.run({ ...auth, platformFee: value });
  };

  return (
    <div className="admin-tab admin-cards">
      <section className="card">
        <h2 className="panel-title">{t('prices.tokens')}</h2>
        {TOKEN_SYMBOLS.map((symbol) => (
          <form key={symbol} className="admin-inline-form" onSubmit={submitPrice(symbol)} noValidate>
            <label className="field">
              <span>
                {symbol} — {t('prices.price')}
              </span>
              <input
                inputMode="decimal"
                value={prices[symbol] ?? current(symbol)}
                onChange={(e) => setPrices((p) => ({ ...p, [symbol]: e.target.value }))}
                aria-invalid={errors[symbol] ?? false}
                data-testid={`admin-price-${symbol}`}
              />
              {errors[symbol] && <span className="field-error">{t('prices.invalidPrice')}</span>}
            </label>
            <button
              type="submit"
              className="btn btn-primary"
              disabled={savePrice.busy}
              data-testid={`admin-price-save-${symbol}`}
            >
              {t('common.save')}
            </button>
          </form>
        ))}
      </section>
      <section className="card">
        <h2 className="panel-title">{t('prices.fee')}</h2>
        <form className="admin-inline-form" onSubmit={submitFee} noValidate>
          <label className="field">
            <span>{t('prices.fee')}</span>
            <input
              inputMode="decimal"
              value={fee ?? front.data?.platformFee ?? ''}
              onChange={(e) => setFee(e.target.value)}
              aria-invalid={errors.fee ?? false}
              aria-describedby="admin-fee-hint"
              data-testid="admin-fee"
            />
            <span className="hint" id="admin-fee-hint">
              {t('prices.feeHint')}
            </span>
            {errors.fee && <span className="field-error">{t('prices.invalidFee')}</span>}
          </label>
          <button type="submit" className="btn btn-primary" disabled={saveFee.busy} data-testid="admin-fee-save">
            {t('common.save')}
          </button>
        </form>
      </section>
      <KrwRateForm />
    </div>
  );
}
