/** What a cart's purchase came to, per coin: bought, not bought and why, what was paid and returned, the link. */
import { useTranslation } from 'react-i18next';
import { TxHash } from '../../../components/ui/TxHash';
import { formatPrice } from '../../../lib/format';
import type { CartSkipReason } from './cart-result';
import type { CartBuyState } from './useCartBuy';

const REASONS = new Set(['83', '82', '85', '271', '2', '132', '108', '270', '84']);

export function useReasonText() {
  const { t } = useTranslation('trade');
  return (r: CartSkipReason) =>
    r.kind === 'chain'
      ? t('cart.reason.chain')
      : REASONS.has(String(r.returnCode))
        ? t(`cart.reason.${String(r.returnCode)}` as 'cart.reason.83')
        : t('cart.reason.other');
}

export function CartResult({
  state,
  nameOf,
  explorerUrl,
}: {
  state: Extract<CartBuyState, { name: 'done' | 'failed' }>;
  nameOf: (instanceId: number) => string;
  explorerUrl: string;
}) {
  const { t } = useTranslation('trade');
  const reason = useReasonText();
  return (
    <div className="cart-result" data-testid="cart-result" aria-live="polite">
      <h3>{t('cart.result.title')}</h3>
      {state.name === 'failed' && (
        <p className="field-error" role="alert" data-testid="cart-failed">
          {t(state.messageKey as 'errors.failed')}
        </p>
      )}
      {state.outcomes.map((o) => (
        <section key={o.symbol} className="cart-result-coin" data-testid={`cart-result-${o.symbol}`}>
          <h4>{o.symbol}</h4>
          {o.bought.length === 0 ? (
            <p className="muted">{t('cart.result.none')}</p>
          ) : (
            <>
              <p>{t('cart.result.bought', { count: o.bought.length })}</p>
              <ul data-testid="cart-bought">
                {o.bought.map((b) => (
                  <li key={b.instanceId}>{nameOf(b.instanceId)}</li>
                ))}
              </ul>
            </>
          )}
          {o.skipped.length > 0 && (
            <>
              <p>{t('cart.result.skipped', { count: o.skipped.length })}</p>
              <ul data-testid="cart-skipped">
                {o.skipped.map((s) => (
                  <li key={s.instanceId}>
                    {nameOf(s.instanceId)}: <span className="muted">{reason(s.reason)}</span>
                  </li>
                ))}
              </ul>
            </>
          )}
          <p data-testid="cart-spent">{t('cart.result.spent', { amount: formatPrice(o.spent, o.symbol) })}</p>
          {o.refund !== '0' && (
            <p data-testid="cart-refund">{t('cart.result.refund', { amount: formatPrice(o.refund, o.symbol) })}</p>
          )}
          {o.hash && (
            <p className="small">
              <TxHash
                hash={o.hash}
                explorerUrl={explorerUrl}
                className="mono"
                linkText={(short) => t('steps.txLink', { hash: short })}
                plainText={(short) => t('steps.txHash', { hash: short })}
                linkTestId="cart-tx-link"
                plainTestId="cart-tx-hash"
              />
            </p>
          )}
        </section>
      ))}
    </div>
  );
}

/** The running step's text. */
export function CartProgress({ state }: { state: Extract<CartBuyState, { name: 'running' }> }) {
  const { t } = useTranslation('trade');
  return (
    <p className="muted" role="status" data-testid="cart-progress">
      {t(`cart.step.${state.step}`, { symbol: state.symbol })}
    </p>
  );
}
