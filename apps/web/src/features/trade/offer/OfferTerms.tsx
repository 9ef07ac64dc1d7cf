/**
 * The terms every offer popup asks (an item's offer and a collection offer): the token (changing it clears the
 * prices), the price per piece in the token and in dollars (each converts into the other, floored to 4 decimals),
 * the period (1, 3, 7 by default, 14 or 30 days) with the expiry it gives; then the total, the balance and the agree
 * box, and the ATT allowance for the escrow.
 */
import { OFFER_DEFAULT_DAYS, OFFER_DURATION_DAYS, type OfferDurationDays, Token, type TokenSymbol } from '@att/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Hex } from 'viem';
import { useTokenInfo } from '../../../lib/config';
import { formatPrice } from '../../../lib/format';
import { priceOf } from '../../wallet';
import type { TradeEnv } from '../core/trade-env';
import type { TradeKit } from '../core/trade-kit';
import { AgreeBox, CoinBalance, TradeTotal } from '../popup/PaymentChecks';
import { AmountField } from '../terms/TermFields';
import { OfferExpiry } from './OfferExpiry';
import { decimalInput, priceOfUsd, scaled, usdOfPrice } from './offer-rules';

const MINUTES_A_DAY = 24 * 60;

export function useOfferTerms() {
  const tokens = useTokenInfo();
  const [symbol, setSymbol] = useState<TokenSymbol>(Token.ATT);
  const [price, setPrice] = useState('');
  const [usd, setUsd] = useState('');
  const [days, setDays] = useState<OfferDurationDays>(OFFER_DEFAULT_DAYS);
  const usdPrice = priceOf(tokens.data, symbol);
  return {
    symbol,
    price,
    usd,
    days,
    setDays,
    usdKnown: Number(usdPrice) > 0,
    priceWei: scaled(price),
    expireMinute: days * MINUTES_A_DAY,
    chooseToken: (s: TokenSymbol) => {
      setSymbol(s);
      setPrice('');
      setUsd('');
    },
    typePrice: (raw: string) => {
      const next = decimalInput(raw);
      setPrice(next);
      setUsd(usdOfPrice(next, usdPrice));
    },
    typeUsd: (raw: string) => {
      const next = decimalInput(raw, 4);
      setUsd(next);
      setPrice(priceOfUsd(next, usdPrice));
    },
  };
}

export type OfferTerms = ReturnType<typeof useOfferTerms>;

/** The price per piece in the token and in dollars, side by side (stacked on a phone). */
export function OfferPriceRow({ terms, disabled }: { terms: OfferTerms; disabled: boolean }) {
  const { t } = useTranslation('offer');
  const ids = { price: useId(), usd: useId() };
  return (
    <div className="offer-price-row">
      <AmountField
        id={ids.price}
        label={
          <>
            {t('make.price')} ({terms.symbol})
          </>
        }
        value={terms.price}
        disabled={disabled}
        onValue={terms.typePrice}
        testId="offer-price"
      />
      <AmountField
        id={ids.usd}
        label={t('make.usd')}
        value={terms.usd}
        disabled={disabled || !terms.usdKnown}
        onValue={terms.typeUsd}
        testId="offer-usd"
      />
    </div>
  );
}

/** The offer's period and the expiry it gives. */
export function OfferDurationField({ terms, disabled }: { terms: OfferTerms; disabled: boolean }) {
  const { t, i18n } = useTranslation('offer');
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{t('make.duration')}</label>
      <select
        id={id}
        value={terms.days}
        disabled={disabled}
        onChange={(e) => terms.setDays(Number(e.target.value) as OfferDurationDays)}
        aria-describedby={`${id}-expiry`}
        data-testid="offer-duration"
      >
        {OFFER_DURATION_DAYS.map((d) => (
          <option key={d} value={d}>
            {t('make.days', { count: d })}
          </option>
        ))}
      </select>
      <p className="muted small" id={`${id}-expiry`} data-testid="offer-expiry">
        {t('make.expires')}{' '}
        <OfferExpiry date={new Date(Date.now() + terms.expireMinute * 60_000).toISOString()} language={i18n.language} />
      </p>
    </div>
  );
}

/** The total, the balance with the no-coin warning, what happens to the escrow, and the agree box. */
export function OfferPayment(p: {
  symbol: TokenSymbol;
  total: bigint;
  balance: bigint | undefined;
  noCoin: boolean;
  agreed: boolean;
  onAgree: (agreed: boolean) => void;
  disabled: boolean;
  problem: string | null;
}) {
  const { t } = useTranslation('offer');
  return (
    <>
      <TradeTotal label={t('make.total')} value={formatPrice(p.total, p.symbol)} testId="offer-total" />
      <CoinBalance keys="offer:make" testId="offer" symbol={p.symbol} balance={p.balance} noCoin={p.noCoin} />
      <p className="muted small">{t('make.escrow')}</p>
      <AgreeBox
        keys="offer:make"
        testId="offer"
        checked={p.agreed}
        disabled={p.disabled}
        onChange={p.onAgree}
        problem={p.problem}
      />
    </>
  );
}

/** The approve step of an ATT offer: the Market's allowance for the escrow (`escrow()` read once the terms are signed). */
export function escrowApproval(
  env: TradeEnv,
  member: { address: string },
  escrow: () => { token: string; market: string; amount: string },
) {
  return async (kit: TradeKit, onSent: (hash: Hex) => void) => {
    const { token, market, amount } = escrow();
    const account = await kit.requireAccount(member.address, env.chain);
    await kit.ensureAllowance(env.chain, account, token as Hex, market as Hex, BigInt(amount), onSent);
  };
}
