/**
 * The make-collection-offer popup (issue "collection offers"): the token, the number of pieces (1 to 1,000,000),
 * the price per piece in the token and in dollars, the period (1, 3, 7 by default, 14 or 30 days) with its expiry,
 * the total, the balance with the no-coin warning and the agree box; then the steps: the server signs the terms
 * (/nft/collection/offer) -> ATT allowance for the total when needed -> confirm `makeCollectionOffer` in the wallet
 * (KLAY escrowed as the value) -> on chain -> the member's collection offers show it (read once mined) -> done.
 * With `traits` it makes a trait offer: the chosen traits are shown and sent, and it covers only the items with them.
 */
import { isNativeToken, ItemType, OfferState, type TraitFilter } from '@att/shared';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../../lib/api';
import type { CollectionOfferData } from '../chain/collection-offer-calls';
import { QuantityField, useQuantity } from '../core/QuantityField';
import { reserveOrder } from '../core/reserve-order';
import { payPlan } from '../core/trade-machine';
import { TradePopup } from '../core/TradePopup';
import { refreshAfterCollectionOffer } from '../core/trade-refresh';
import { checkOffer, offerTotal } from '../offer/offer-rules';
import { escrowApproval, OfferDurationField, OfferPayment, OfferPriceRow, useOfferTerms } from '../offer/OfferTerms';
import '../offer/offer.css';
import { TradeSummary } from '../popup/TradeSummary';
import { useTradePopup } from '../popup/useTradePopup';
import { TokenField } from '../terms/TermFields';
import { tradeQueries } from '../trade-queries';
import { OfferTraits } from './OfferTraits';

/** The most pieces one collection offer may ask for (the server refuses more with 5). */
export const COLLECTION_OFFER_MAX_PIECES = 1_000_000;

/** Whether the member's collection offers show the offer escrowed (any state but pending). */
async function offerShown(member: { id: string; ticketId: string }, offerIdx: string): Promise<boolean> {
  const reply = await apiQuery('/nft/collection/offer/member/participation/list', {
    ...member,
    pageNo: 1,
    pageSize: 10,
  });
  const row = (reply.list ?? []).find((r) => r.offerIdx === offerIdx);
  return row !== undefined && row.state !== OfferState.Pending;
}

export function MakeCollectionOfferPopup({
  collection,
  traits,
  onClose,
}: {
  collection: { collectionIdx: number; collectionName: string };
  /** A trait offer's chosen traits (any value within a type, every type together); absent: every item. */
  traits?: TraitFilter;
  onClose: () => void;
}) {
  const { t } = useTranslation('offer');
  const tokenId = useId();
  const terms = useOfferTerms();
  const { symbol, priceWei } = terms;
  const qty = useQuantity(ItemType.Multi);
  const quantity = qty.quantity;
  const [agreed, setAgreed] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const { collectionIdx } = collection;
  const { env, member, started, start, shell } = useTradePopup({
    name: 'collection-offer',
    texts: {
      title: t(traits ? 'collection.traitTitle' : 'collection.title'),
      submit: t('collection.submit'),
      done: t(traits ? 'collection.traitDone' : 'collection.done'),
    },
    plan: payPlan(isNativeToken(symbol)),
    refresh: (address) => refreshAfterCollectionOffer('collectionOffer', { collectionIdx, address }),
    onClose,
  });
  const balance = useQuery(tradeQueries.coinBalance(env, member?.address ?? null, symbol));
  const limit = COLLECTION_OFFER_MAX_PIECES;
  const total = offerTotal(priceWei, quantity);
  const problem = checkOffer({ ...terms, quantity, limit, agreed, balance: balance.data });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (problem || !env || !member || priceWei === null) return;
    let offer: CollectionOfferData | null = null;
    start({
      action: 'collectionOffer',
      reserve: async (kit, idempotencyKey) => {
        offer = await reserveOrder(kit, member, env.chain, {
          path: '/nft/collection/offer',
          body: {
            collectionIdx,
            pricePerOne: priceWei.toString(),
            amount: quantity,
            symbol,
            expireMinute: terms.expireMinute,
            ...(traits ? { traits } : {}),
          },
          idempotencyKey,
        });
      },
      approve: escrowApproval(env, member, () => ({
        token: offer!.offer.token,
        market: offer!.market,
        amount: offer!.price,
      })),
      send: async (kit) =>
        kit.sendMakeCollectionOffer(env.chain, await kit.requireAccount(member.address, env.chain), offer!),
      indexed: () => offerShown(member, offer!.offerIdx),
    });
  };

  const quantityProblem = problem === 'make.quantityRequired' || problem === 'make.quantityTooMany' ? problem : null;
  const showProblem = submitted && problem && problem !== 'make.noCoin' && !quantityProblem;
  const summary = (
    <TradeSummary
      name={collection.collectionName}
      note={
        <>
          <span className="muted small">{t(traits ? 'collection.traitIntro' : 'collection.intro')}</span>
          <OfferTraits traits={traits} />
        </>
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
      <QuantityField
        {...qty.field}
        label={t('collection.quantity')}
        disabled={started}
        testId="offer-quantity"
        problem={
          quantityProblem && {
            text: t(
              `collection.${quantityProblem === 'make.quantityRequired' ? 'quantityRequired' : 'quantityTooMany'}`,
              {
                count: limit,
              },
            ),
            testId: 'offer-quantity-problem',
          }
        }
      />
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
