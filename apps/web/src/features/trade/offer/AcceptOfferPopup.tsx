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
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ensureOk } from '../../../lib/api';
import { useFrontConfig } from '../../../lib/config';
import { formatPrice } from '../../../lib/format';
import { orderSettled } from '../core/order-settled';
import { QuantityField } from '../core/QuantityField';
import { useMember, useTradeEnv } from '../core/trade-env';
import type { TradeStep } from '../core/trade-machine';
import { TradePopup } from '../core/TradePopup';
import { refreshAfterTrade } from '../core/trade-refresh';
import { freePieces, parseQuantity } from '../core/trade-validation';
import { TradeSummary } from '../popup/TradeSummary';
import { usePopupFlow } from '../popup/usePopupFlow';
import { acceptLimit, checkAmount, netProceeds, percentBps } from './offer-rules';
import './offer.css';

type AcceptData = NonNullable<RouteReply<'/nft/offer/accept'>['data']>;

export interface AcceptTarget {
  makeOfferIdx: number;
  symbol: TokenSymbol;
  /** Wei per piece. */
  pricePerOne: string;
  /** Pieces the offer can take now. */
  available: number;
  offererName: string;
}

export type AcceptItem = Pick<
  ItemDetail,
  'productId' | 'name' | 'itemType' | 'royalty' | 'itemCountMine' | 'itemCountOnSaleMine' | 'itemCountReservedMine'
>;

const PLAN: readonly TradeStep[] = ['approve', 'reserve', 'send', 'index'];

export function AcceptOfferPopup({
  offer,
  item,
  onClose,
  onDone,
}: {
  offer: AcceptTarget;
  item: AcceptItem;
  onClose: () => void;
  onDone?: () => void;
}) {
  const { t } = useTranslation('offer');
  const qtyId = useId();
  const env = useTradeEnv();
  const member = useMember();
  const front = useFrontConfig().data;
  const max = acceptLimit(freePieces(item), offer.available);
  const [quantityText, setQuantityText] = useState(String(Math.min(1, max)));
  const quantity = parseQuantity(quantityText, item.itemType);
  const problem = checkAmount(quantity, max);
  const feePercent = front?.platformFee ?? '0';
  const gross = BigInt(offer.pricePerOne) * BigInt(quantity);
  const net = netProceeds(BigInt(offer.pricePerOne), quantity, percentBps(feePercent), percentBps(item.royalty));
  const refresh = () => refreshAfterTrade('acceptOffer', { productId: item.productId, address: member?.address });
  const flow = usePopupFlow(refresh, onClose);
  const { state, started } = flow;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (problem || !env || !member) return;
    let accept: AcceptData | null = null;
    flow.run(
      {
        action: 'acceptOffer',
        plan: PLAN,
        chain: env.chain,
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
          accept = ensureOk(
            await api(
              '/nft/offer/accept',
              { id: member.id, ticketId: member.ticketId, offerIdx: offer.makeOfferIdx, amount: quantity },
              { idempotencyKey },
            ),
          ).data!;
        },
        send: async (kit) =>
          kit.sendAcceptOffer(env.chain, await kit.requireAccount(member.address, env.chain), accept!),
        watch: item.productId,
        indexed: () => orderSettled(member, OrderKind.Accept, accept!.aodId),
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
      ]}
    />
  );
  return (
    <TradePopup
      title={t('accept.title')}
      testId="accept-offer-popup"
      state={state}
      plan={PLAN}
      approveKind="items"
      explorerUrl={env?.explorerUrl ?? ''}
      summary={summary}
      submit={{ label: t('accept.submit'), testId: 'accept-offer-submit', disabled: !env || problem !== null }}
      done={{ message: t('accept.done'), testId: 'accept-offer-done' }}
      onSubmit={submit}
      onRetry={flow.retry}
      onClose={flow.close}
    >
      {item.itemType === ItemType.Multi && (
        <QuantityField
          id={qtyId}
          label={t('accept.quantity')}
          value={quantityText}
          disabled={started}
          onChange={setQuantityText}
          invalid={problem !== null}
          describedBy={`${qtyId}-max${problem ? ` ${qtyId}-problem` : ''}`}
          testId="accept-offer-quantity"
        >
          <p className="muted small" id={`${qtyId}-max`}>
            {t('accept.max', { count: max })}
          </p>
          {problem && (
            <p className="field-error" role="alert" id={`${qtyId}-problem`} data-testid="accept-offer-problem">
              {t(`accept.${problem}`, { count: max })}
            </p>
          )}
        </QuantityField>
      )}
      <dl className="kv trade-summary" data-testid="accept-offer-proceeds">
        <div>
          <dt>{t('accept.gross')}</dt>
          <dd data-testid="accept-offer-gross">{formatPrice(gross, offer.symbol)}</dd>
        </div>
        <div>
          <dt>{t('accept.fee', { percent: Number(feePercent) })}</dt>
          <dd>{formatPrice((gross * BigInt(percentBps(feePercent))) / 10_000n, offer.symbol)}</dd>
        </div>
        <div>
          <dt>{t('accept.royalty', { percent: item.royalty })}</dt>
          <dd>{formatPrice((gross * BigInt(percentBps(item.royalty))) / 10_000n, offer.symbol)}</dd>
        </div>
      </dl>
      <p className="trade-total">
        <span>{t('accept.net')}</span>
        <strong data-testid="accept-offer-net">{formatPrice(net, offer.symbol)}</strong>
      </p>
    </TradePopup>
  );
}
