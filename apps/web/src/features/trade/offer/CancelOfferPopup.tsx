/**
 * The cancel-offer popup (spec 3 sections 4, 5 "Cancel offer"; spec 2 the profile's cancel): how many pieces to
 * cancel (above 0, at most what the offer has left; single items 1) and the escrow that comes back, then the
 * offerer's own `cancelOffer` on chain (gas 300,000; no server call) -> the item's offer list shows the change (read
 * once when mined and once per event of the item) ->
 * done ("제안 취소가 완료되었습니다."), with the transaction link. Used by the item page and the profile. A collection
 * offer (`collectionIdx`) is cancelled the same way with `cancelCollectionOffer`, and read back from its collection's
 * live offers.
 */
import { ItemType, ReturnCode, type TokenSymbol } from '@att/shared';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, apiQuery } from '../../../lib/api';
import { formatPrice } from '../../../lib/format';
import { QuantityField, useQuantity } from '../core/QuantityField';
import type { TradeStep } from '../core/trade-machine';
import { TradePopup } from '../core/TradePopup';
import { refreshAfterCollectionOffer, refreshAfterTrade } from '../core/trade-refresh';
import { TradeTotal } from '../popup/PaymentChecks';
import { TradeSummary } from '../popup/TradeSummary';
import { useTradePopup } from '../popup/useTradePopup';
import { collectionOfferSettled, type OfferPopupProps } from './AcceptOfferPopup';
import { checkAmount } from './offer-rules';
import './offer.css';

export interface CancelTarget {
  /** The offer's on-chain id. */
  osdId: string;
  /** The item of an item offer; a collection offer names its collection instead (`collectionIdx`). */
  productId?: number;
  collectionIdx?: number;
  /** The item's name, or the collection's for a collection offer. */
  productName: string;
  symbol: TokenSymbol;
  /** Wei per piece. */
  pricePerOne: string;
  remainAmount: number;
  /** Single items cancel their one piece; unknown (the profile) counts as multi-edition. */
  itemType?: number;
}

const PLAN: readonly TradeStep[] = ['send', 'index'];

/** Whether the item's offer list no longer holds more than `left` pieces of the offer (a deleted item: settled). */
async function settled(productId: number, osdId: string, left: number): Promise<boolean> {
  try {
    const row = (
      (await apiQuery('/nft/offer/product/list', { productIdx: productId, pageNo: 1, pageSize: 9999 })).list ?? []
    ).find((r) => r.osdId === osdId);
    return !row || row.remainAmount <= left;
  } catch (err) {
    if (err instanceof ApiError && err.code === ReturnCode.ProductNotFound) return true;
    throw err;
  }
}

export function CancelOfferPopup({ offer, onClose, onDone }: OfferPopupProps<CancelTarget>) {
  const { t } = useTranslation('offer');
  const single = offer.itemType === ItemType.Single;
  const qty = useQuantity(single ? ItemType.Single : ItemType.Multi, String(single ? 1 : offer.remainAmount));
  const quantity = qty.quantity;
  const problem = checkAmount(quantity, offer.remainAmount);
  const { collectionIdx, productId } = offer;
  const collection = collectionIdx !== undefined;
  const { env, member, started, start, shell } = useTradePopup({
    name: 'cancel-offer',
    texts: collection
      ? { title: t('collection.cancelTitle'), submit: t('cancel.submit'), done: t('collection.cancelDone') }
      : { title: t('cancel.title'), submit: t('cancel.submit'), done: t('cancel.done') },
    plan: PLAN,
    refresh: (address) =>
      collection
        ? refreshAfterCollectionOffer('cancelCollectionOffer', { collectionIdx, address })
        : refreshAfterTrade('cancelOffer', { productId: productId!, address }),
    onClose,
  });
  const left = offer.remainAmount - quantity;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (problem || !env || !member) return;
    const send = collection ? 'sendCancelCollectionOffer' : 'sendCancelOffer';
    start(
      {
        action: collection ? 'cancelCollectionOffer' : 'cancelOffer',
        send: async (kit) =>
          kit[send](env.chain, await kit.requireAccount(member.address, env.chain), env.market, offer.osdId, quantity),
        watch: productId,
        indexed: () =>
          collection
            ? collectionOfferSettled(collectionIdx, offer.osdId, left)
            : settled(productId!, offer.osdId, left),
      },
      onDone,
    );
  };

  const summary = (
    <TradeSummary
      name={offer.productName}
      facts={[
        { label: t('accept.unitPrice'), value: formatPrice(offer.pricePerOne, offer.symbol) },
        { label: t('list.remain'), value: offer.remainAmount, testId: 'cancel-offer-remain' },
      ]}
    />
  );
  return (
    <TradePopup {...shell} summary={summary} disabled={!env || problem !== null} onSubmit={submit}>
      {!single && (
        <QuantityField
          {...qty.field}
          label={t('cancel.quantity')}
          disabled={started}
          testId="cancel-offer-quantity"
          problem={
            problem && { text: t(`cancel.${problem}`, { count: offer.remainAmount }), testId: 'cancel-offer-problem' }
          }
        />
      )}
      <TradeTotal
        label={t('cancel.refund')}
        value={formatPrice(BigInt(offer.pricePerOne) * BigInt(quantity), offer.symbol)}
        testId="cancel-offer-refund"
      />
    </TradePopup>
  );
}
