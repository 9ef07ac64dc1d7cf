/**
 * The accept-offer popup (spec 3 sections 4, 5 "Accept offer"; spec 2 the profile's accept): how many pieces to
 * sell into the offer (above 0, at most the lesser of the member's free pieces and what the offer has left; single
 * items 1) and the net proceeds (price × quantity − platform fee − royalty), then the steps: approve the item
 * contract for the Market when not yet granted -> the server signs the accept and holds the pieces
 * (/nft/offer/accept) -> confirm `acceptOffer` in the wallet (gas 400,000) -> on chain -> the order book has the
 * accept used (learned from the item's socket event) -> done ("제안 수락이 완료되었습니다."), with the transaction link. The callers refuse first
 * during an auction and without free pieces (`acceptRefusal`); the server says the same with 280 and 273.
 */
import { type ItemDetail, ItemType, OrderKind, type RouteReply, type TokenSymbol } from '@att/shared';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api, apiQuery, ensureOk } from '../../../lib/api';
import { useFrontConfig } from '../../../lib/config';
import { formatPrice } from '../../../lib/format';
import { orderSettled } from '../core/order-settled';
import { QuantityField, useQuantity } from '../core/QuantityField';
import type { TradeStep } from '../core/trade-machine';
import { TradePopup } from '../core/TradePopup';
import { refreshAfterCollectionOffer, refreshAfterTrade } from '../core/trade-refresh';
import { freePieces } from '../core/trade-validation';
import { TradeTotal } from '../popup/PaymentChecks';
import { TradeFacts, TradeSummary } from '../popup/TradeSummary';
import { useTradePopup } from '../popup/useTradePopup';
import { OfferExpiry } from './OfferExpiry';
import { acceptLimit, checkAmount, netProceeds, percentBps } from './offer-rules';
import './offer.css';

type AcceptData = NonNullable<RouteReply<'/nft/offer/accept'>['data']>;
type CollectionAcceptData = NonNullable<RouteReply<'/nft/collection/offer/accept'>['data']>;

/** Whether the collection's live offers no longer hold more than `left` pieces of the offer. */
export async function collectionOfferSettled(collectionIdx: number, offerIdx: string, left: number): Promise<boolean> {
  const reply = await apiQuery('/nft/collection/offer/list', { collectionIdx, pageNo: 1, pageSize: 100 });
  const row = (reply.list ?? []).find((r) => r.offerIdx === offerIdx);
  return !row || row.remainAmount <= left;
}

export interface AcceptTarget {
  /** An item offer's id; a collection offer's is `collection.offerIdx`. */
  makeOfferIdx: number;
  /** A collection offer: the holder sells pieces of this item into it (`acceptCollectionOffer`). */
  collection?: { offerIdx: string; collectionIdx: number; remainAmount: number };
  symbol: TokenSymbol;
  /** Wei per piece. */
  pricePerOne: string;
  /** Pieces the offer can take now. */
  available: number;
  offererName: string;
  /** When the offer expires, ISO 8601. */
  expireDate: string;
}

export type AcceptItem = Pick<
  ItemDetail,
  'productId' | 'name' | 'itemType' | 'royalty' | 'itemCountMine' | 'itemCountOnSaleMine' | 'itemCountReservedMine'
>;

const PLAN: readonly TradeStep[] = ['approve', 'reserve', 'send', 'index'];

/** An offer popup's props: the offer, and what to do on close and once done (the profile removes its row). */
export interface OfferPopupProps<Target> {
  offer: Target;
  onClose: () => void;
  onDone?: () => void;
}

export function AcceptOfferPopup({
  offer,
  item,
  onClose,
  onDone,
}: OfferPopupProps<AcceptTarget> & { item: AcceptItem }) {
  const { t, i18n } = useTranslation('offer');
  const front = useFrontConfig().data;
  const max = acceptLimit(freePieces(item), offer.available);
  const qty = useQuantity(item.itemType, String(Math.min(1, max)));
  const quantity = qty.quantity;
  const problem = checkAmount(quantity, max);
  const feePercent = front?.platformFee ?? '0';
  const gross = BigInt(offer.pricePerOne) * BigInt(quantity);
  const share = (percent: string | number) => (gross * BigInt(percentBps(percent))) / 10_000n;
  const net = netProceeds(BigInt(offer.pricePerOne), quantity, percentBps(feePercent), percentBps(item.royalty));
  const co = offer.collection;
  const { env, member, started, start, shell } = useTradePopup({
    name: 'accept-offer',
    texts: co
      ? { title: t('collection.acceptTitle'), submit: t('accept.submit'), done: t('collection.acceptDone') }
      : { title: t('accept.title'), submit: t('accept.submit'), done: t('accept.done') },
    plan: PLAN,
    refresh: (address) =>
      co
        ? refreshAfterCollectionOffer('acceptCollectionOffer', {
            collectionIdx: co.collectionIdx,
            productId: item.productId,
            address,
          })
        : refreshAfterTrade('acceptOffer', { productId: item.productId, address }),
    onClose,
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (problem || !env || !member) return;
    let accept: AcceptData | null = null;
    let collectionAccept: CollectionAcceptData | null = null;
    const auth = { id: member.id, ticketId: member.ticketId };
    start(
      {
        action: co ? 'acceptCollectionOffer' : 'acceptOffer',
        approve: async (kit, onSent) => {
          const account = await kit.requireAccount(member.address, env.chain);
          await kit.ensureApprovalForAll(
            env.chain,
            account,
            env.items as `0x${string}`,
            env.market as `0x${string}`,
            onSent,
          );
        },
        reserve: async (_kit, idempotencyKey) => {
          if (co) {
            const body = { ...auth, offerIdx: Number(co.offerIdx), productIdx: item.productId, amount: quantity };
            collectionAccept = ensureOk(await api('/nft/collection/offer/accept', body, { idempotencyKey })).data!;
            return;
          }
          const body = { ...auth, offerIdx: offer.makeOfferIdx, amount: quantity };
          accept = ensureOk(await api('/nft/offer/accept', body, { idempotencyKey })).data!;
        },
        send: async (kit) => {
          const account = await kit.requireAccount(member.address, env.chain);
          return co
            ? kit.sendAcceptCollectionOffer(env.chain, account, collectionAccept!)
            : kit.sendAcceptOffer(env.chain, account, accept!);
        },
        watch: item.productId,
        indexed: () =>
          co
            ? collectionOfferSettled(co.collectionIdx, co.offerIdx, co.remainAmount - quantity)
            : orderSettled(member, OrderKind.Accept, accept!.aodId),
      },
      onDone,
    );
  };

  const summary = (
    <TradeSummary
      name={item.name}
      facts={[
        { label: t('accept.offerer'), value: offer.offererName },
        { label: t('accept.unitPrice'), value: formatPrice(offer.pricePerOne, offer.symbol) },
        {
          label: t('accept.expires'),
          value: <OfferExpiry date={offer.expireDate} language={i18n.language} />,
          testId: 'accept-offer-expiry',
        },
      ]}
    />
  );
  return (
    <TradePopup {...shell} approveKind="items" summary={summary} disabled={!env || problem !== null} onSubmit={submit}>
      {item.itemType === ItemType.Multi && (
        <QuantityField
          {...qty.field}
          label={t('accept.quantity')}
          disabled={started}
          describedBy={`${qty.field.id}-max`}
          testId="accept-offer-quantity"
          problem={problem && { text: t(`accept.${problem}`, { count: max }), testId: 'accept-offer-problem' }}
        >
          <p className="muted small" id={`${qty.field.id}-max`}>
            {t('accept.max', { count: max })}
          </p>
        </QuantityField>
      )}
      <TradeFacts
        testId="accept-offer-proceeds"
        facts={[
          { label: t('accept.gross'), value: formatPrice(gross, offer.symbol), testId: 'accept-offer-gross' },
          {
            label: t('accept.fee', { percent: Number(feePercent) }),
            value: formatPrice(share(feePercent), offer.symbol),
          },
          {
            label: t('accept.royalty', { percent: item.royalty }),
            value: formatPrice(share(item.royalty), offer.symbol),
          },
        ]}
      />
      <TradeTotal label={t('accept.net')} value={formatPrice(net, offer.symbol)} testId="accept-offer-net" />
    </TradePopup>
  );
}
