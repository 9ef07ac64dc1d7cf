/**
 * The make-offer popup (spec 3 sections 2, 4, 5 "Offer"): the token (changing it clears the prices), the quantity
 * (multi-edition, at most total − mine − reserved; single items offer on 1), the price per piece in the token and
 * in dollars (each converts into the other), the total floored to 4 decimals, the balance with the no-coin
 * warning, the agree box; then the steps: the server signs the terms (/nft/offer) -> ATT allowance when needed ->
 * confirm `makeOffer` in the wallet (gas 400,000; KLAY escrowed as the value) -> on chain -> the order book has
 * the offer valid (learned from the item's socket event) -> done, with the transaction link.
 */
import {
  formatTokenAmount,
  isNativeToken,
  type ItemDetail,
  ItemType,
  OrderKind,
  type RouteReply,
  Token,
  type TokenSymbol,
} from '@att/shared';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ensureOk } from '../../../lib/api';
import { useTokenInfo } from '../../../lib/config';
import { formatPrice, groupDigits } from '../../../lib/format';
import { priceOf } from '../../wallet';
import { orderSettled } from '../core/order-settled';
import { QuantityField } from '../core/QuantityField';
import { useMember, useTradeEnv } from '../core/trade-env';
import type { TradeStep } from '../core/trade-machine';
import { TradePopup } from '../core/TradePopup';
import { refreshAfterTrade } from '../core/trade-refresh';
import { parseQuantity } from '../core/trade-validation';
import { usePopupFlow } from '../popup/usePopupFlow';
import { AmountField, TokenField } from '../terms/TermFields';
import { tradeQueries } from '../trade-queries';
import './offer.css';
import { checkOffer, decimalInput, offerLimit, offerTotal, priceOfUsd, scaled, usdOfPrice } from './offer-rules';

type OfferData = NonNullable<RouteReply<'/nft/offer'>['data']>;

export type OfferItem = Pick<
  ItemDetail,
  | 'productId'
  | 'name'
  | 'itemType'
  | 'totalItemCount'
  | 'itemCountMine'
  | 'itemCountOnSaleMine'
  | 'itemCountReservedMine'
>;

/** ATT needs an allowance for the Market; KLAY goes as the transaction's value. */
const planFor = (symbol: TokenSymbol): TradeStep[] =>
  isNativeToken(symbol) ? ['reserve', 'send', 'index'] : ['reserve', 'approve', 'send', 'index'];

export function MakeOfferPopup({ item, onClose }: { item: OfferItem; onClose: () => void }) {
  const { t } = useTranslation('offer');
  const ids = { qty: useId(), token: useId(), price: useId(), usd: useId(), agree: useId() };
  const env = useTradeEnv();
  const member = useMember();
  const tokens = useTokenInfo();
  const [symbol, setSymbol] = useState<TokenSymbol>(Token.ATT);
  const [quantityText, setQuantityText] = useState('1');
  const [price, setPrice] = useState('');
  const [usd, setUsd] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const balance = useQuery(tradeQueries.coinBalance(env, member?.address ?? null, symbol));

  const usdPrice = priceOf(tokens.data, symbol);
  const usdKnown = Number(usdPrice) > 0;
  const limit = offerLimit(item);
  const quantity = parseQuantity(quantityText, item.itemType);
  const priceWei = scaled(price);
  const total = offerTotal(priceWei, quantity);
  const problem = checkOffer({ quantity, limit, priceWei, usd, usdKnown, agreed, balance: balance.data });
  const plan = planFor(symbol);
  const refresh = () => refreshAfterTrade('offer', { productId: item.productId, address: member?.address });
  const flow = usePopupFlow(refresh, onClose);
  const { state, started } = flow;

  const chooseToken = (s: TokenSymbol) => {
    setSymbol(s);
    setPrice('');
    setUsd('');
  };
  const typePrice = (raw: string) => {
    const next = decimalInput(raw);
    setPrice(next);
    setUsd(usdOfPrice(next, usdPrice));
  };
  const typeUsd = (raw: string) => {
    const next = decimalInput(raw, 4);
    setUsd(next);
    setPrice(priceOfUsd(next, usdPrice));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (problem || !env || !member || priceWei === null) return;
    let offer: OfferData | null = null;
    flow.run({
      action: 'offer',
      plan,
      chain: env.chain,
      reserve: async (kit, idempotencyKey) => {
        await kit.requireAccount(member.address, env.chain);
        offer = ensureOk(
          await api(
            '/nft/offer',
            {
              id: member.id,
              ticketId: member.ticketId,
              productId: item.productId,
              pricePerOne: priceWei.toString(),
              amount: quantity,
              symbol,
            },
            { idempotencyKey },
          ),
        ).data!;
      },
      approve: async (kit, onSent) => {
        const o = offer!;
        const account = await kit.requireAccount(member.address, env.chain);
        await kit.ensureAllowance(
          env.chain,
          account,
          o.osdToken as `0x${string}`,
          o.market as `0x${string}`,
          BigInt(o.osdPrice),
          onSent,
        );
      },
      send: async (kit) => kit.sendMakeOffer(env.chain, await kit.requireAccount(member.address, env.chain), offer!),
      watch: item.productId,
      indexed: () => orderSettled(member, OrderKind.Offer, offer!.osdId),
    });
  };

  const quantityProblem = problem === 'make.quantityRequired' || problem === 'make.quantityTooMany' ? problem : null;
  const showProblem = submitted && problem && problem !== 'make.noCoin' && !quantityProblem;
  const summary = (
    <p className="trade-item-name">
      {item.name}{' '}
      {state.name !== 'indexed' && item.itemType === ItemType.Multi && (
        <span className="muted small">{t('make.limit', { count: limit })}</span>
      )}
    </p>
  );
  return (
    <TradePopup
      title={t('make.title')}
      testId="offer-popup"
      state={state}
      plan={plan}
      explorerUrl={env?.explorerUrl ?? ''}
      summary={summary}
      submit={{
        label: t('make.submit'),
        testId: 'offer-submit',
        disabled: !env || problem === 'make.noCoin' || Boolean(quantityProblem),
      }}
      done={{ message: t('make.done'), testId: 'offer-done' }}
      onSubmit={submit}
      onRetry={flow.retry}
      onClose={flow.close}
    >
      <TokenField
        id={ids.token}
        label={t('make.token')}
        value={symbol}
        disabled={started}
        onChange={chooseToken}
        testId="offer-symbol"
      />
      {item.itemType === ItemType.Multi && (
        <QuantityField
          id={ids.qty}
          label={t('make.quantity')}
          value={quantityText}
          disabled={started}
          onChange={setQuantityText}
          invalid={Boolean(quantityProblem)}
          describedBy={quantityProblem ? `${ids.qty}-problem` : undefined}
          testId="offer-quantity"
        >
          {quantityProblem && (
            <p className="field-error" role="alert" id={`${ids.qty}-problem`} data-testid="offer-quantity-problem">
              {t(quantityProblem, { count: limit })}
            </p>
          )}
        </QuantityField>
      )}
      <div className="offer-price-row">
        <AmountField
          id={ids.price}
          label={
            <>
              {t('make.price')} ({symbol})
            </>
          }
          value={price}
          disabled={started}
          onValue={typePrice}
          testId="offer-price"
        />
        <AmountField
          id={ids.usd}
          label={t('make.usd')}
          value={usd}
          disabled={started || !usdKnown}
          onValue={typeUsd}
          testId="offer-usd"
        />
      </div>
      <p className="trade-total">
        <span>{t('make.total')}</span>
        <strong data-testid="offer-total">{formatPrice(total, symbol)}</strong>
      </p>
      <p className="muted small" data-testid="offer-balance">
        {balance.data === undefined
          ? t('make.balanceLoading')
          : t('make.balance', { symbol, amount: groupDigits(formatTokenAmount(balance.data)) })}
      </p>
      {problem === 'make.noCoin' && (
        <p className="field-error" role="alert" data-testid="offer-no-coin">
          {t('make.noCoin')}
        </p>
      )}
      <p className="muted small">{t('make.escrow')}</p>
      <div className="check-row">
        <label className="check" htmlFor={ids.agree}>
          <input
            id={ids.agree}
            type="checkbox"
            checked={agreed}
            disabled={started}
            onChange={(e) => setAgreed(e.target.checked)}
            data-testid="offer-agree"
          />
          <span>{t('make.agree')}</span>
        </label>
      </div>
      {showProblem && (
        <p className="field-error" role="alert" data-testid="offer-problem">
          {t(problem, { count: limit, symbol })}
        </p>
      )}
    </TradePopup>
  );
}
