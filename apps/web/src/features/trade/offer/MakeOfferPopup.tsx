/**
 * The make-offer popup (spec 3 sections 2, 4, 5 "Offer"): the token (changing it clears the prices), the quantity
 * (multi-edition, at most total − mine − reserved; single items offer on 1), the price per piece in the token and
 * in dollars (each converts into the other), the period (1, 3, 7 by default, 14 or 30 days) with the expiry it gives, the total floored to 4 decimals, the balance with the no-coin
 * warning, the agree box; then the steps: the server signs the terms (/nft/offer) -> ATT allowance when needed ->
 * confirm `makeOffer` in the wallet (gas 400,000; KLAY escrowed as the value) -> on chain -> the order book has
 * the offer valid (learned from the item's socket event) -> done, with the transaction link.
 */
import { isNativeToken, type ItemDetail, ItemType, OrderKind, type RouteReply } from '@att/shared';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reserveOrder } from '../core/reserve-order';
import { orderSettled } from '../core/order-settled';
import { QuantityField, useQuantity } from '../core/QuantityField';
import { payPlan } from '../core/trade-machine';
import { TradePopup } from '../core/TradePopup';
import { refreshAfterTrade } from '../core/trade-refresh';
import { TradeSummary } from '../popup/TradeSummary';
import { useTradePopup } from '../popup/useTradePopup';
import { TokenField } from '../terms/TermFields';
import { tradeQueries } from '../trade-queries';
import './offer.css';
import { escrowApproval, OfferDurationField, OfferPayment, OfferPriceRow, useOfferTerms } from './OfferTerms';
import { checkOffer, offerLimit, offerTotal } from './offer-rules';

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

export function MakeOfferPopup({ item, onClose }: { item: OfferItem; onClose: () => void }) {
  const { t } = useTranslation('offer');
  const tokenId = useId();
  const terms = useOfferTerms();
  const { symbol, priceWei } = terms;
  const qty = useQuantity(item.itemType);
  const quantity = qty.quantity;
  const [agreed, setAgreed] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const { env, member, state, started, start, shell } = useTradePopup({
    name: 'offer',
    texts: { title: t('make.title'), submit: t('make.submit'), done: t('make.done') },
    plan: payPlan(isNativeToken(symbol)),
    refresh: (address) => refreshAfterTrade('offer', { productId: item.productId, address }),
    onClose,
  });
  const balance = useQuery(tradeQueries.coinBalance(env, member?.address ?? null, symbol));

  const limit = offerLimit(item);
  const total = offerTotal(priceWei, quantity);
  const problem = checkOffer({ ...terms, quantity, limit, agreed, balance: balance.data });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (problem || !env || !member || priceWei === null) return;
    let offer: OfferData | null = null;
    start({
      action: 'offer',
      reserve: async (kit, idempotencyKey) => {
        offer = await reserveOrder(kit, member, env.chain, {
          path: '/nft/offer',
          body: {
            productId: item.productId,
            pricePerOne: priceWei.toString(),
            amount: quantity,
            symbol,
            expireMinute: terms.expireMinute,
          },
          idempotencyKey,
        });
      },
      approve: escrowApproval(env, member, () => ({
        token: offer!.osdToken,
        market: offer!.market,
        amount: offer!.osdPrice,
      })),
      send: async (kit) => kit.sendMakeOffer(env.chain, await kit.requireAccount(member.address, env.chain), offer!),
      watch: item.productId,
      indexed: () => orderSettled(member, OrderKind.Offer, offer!.osdId),
    });
  };

  const quantityProblem = problem === 'make.quantityRequired' || problem === 'make.quantityTooMany' ? problem : null;
  const showProblem = submitted && problem && problem !== 'make.noCoin' && !quantityProblem;
  const summary = (
    <TradeSummary
      name={item.name}
      note={
        state.name !== 'indexed' &&
        item.itemType === ItemType.Multi && <span className="muted small">{t('make.limit', { count: limit })}</span>
      }
    />
  );
  const disabled = !env || problem === 'make.noCoin' || Boolean(quantityProblem);
  return (
    <TradePopup {...shell} summary={summary} disabled={disabled} onSubmit={submit}>
      <TokenField
        id={tokenId}
        label={t('make.token')}
        value={symbol}
        disabled={started}
        onChange={terms.chooseToken}
        testId="offer-symbol"
      />
      {item.itemType === ItemType.Multi && (
        <QuantityField
          {...qty.field}
          label={t('make.quantity')}
          disabled={started}
          testId="offer-quantity"
          problem={quantityProblem && { text: t(quantityProblem, { count: limit }), testId: 'offer-quantity-problem' }}
        />
      )}
      <OfferPriceRow terms={terms} disabled={started} />
      <OfferDurationField terms={terms} disabled={started} />
      <OfferPayment
        symbol={symbol}
        total={total}
        balance={balance.data}
        noCoin={problem === 'make.noCoin'}
        agreed={agreed}
        onAgree={setAgreed}
        disabled={started}
        problem={showProblem ? t(problem, { count: limit, symbol }) : null}
      />
    </TradePopup>
  );
}
