/**
 * The buy popup (spec 3 sections 2, 4, 5): quantity (multi-edition; single items buy 1), the total, the buyer's
 * balance with the no-coin warning, the agree box, then the steps: the server reserves the pieces and returns
 * the validator-signed `Buy` (/nft/instance/purchase) -> ATT allowance when needed -> confirm `buyNft` in the
 * wallet -> on chain -> the order book has the reservation sold (learned from the item's socket event) -> done, with
 * the transaction link. KLAY is paid
 * as the transaction's value (no allowance). Lazily minted pieces are minted by the Market on this first sale.
 */
import { isNativeToken, type ItemDetail, type ItemListingRow, ItemType, OrderKind, type RouteReply } from '@att/shared';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice, shortHex } from '../../../lib/format';
import { reserveOrder } from '../core/reserve-order';
import { orderSettled } from '../core/order-settled';
import { QuantityField, useQuantity } from '../core/QuantityField';
import { payPlan } from '../core/trade-machine';
import { TradePopup } from '../core/TradePopup';
import { refreshAfterTrade } from '../core/trade-refresh';
import { checkBuy, totalWei } from '../core/trade-validation';
import { AgreeBox, CoinBalance, TradeTotal } from '../popup/PaymentChecks';
import { TradeSummary } from '../popup/TradeSummary';
import { useTradePopup } from '../popup/useTradePopup';
import { tradeQueries } from '../trade-queries';
import { UsdEstimate } from '../../../components/ui/UsdEstimate';

type Purchase = NonNullable<RouteReply<'/nft/instance/purchase'>['data']>;

export interface BuyPopupProps {
  item: Pick<ItemDetail, 'productId' | 'name' | 'itemType' | 'flagMint'>;
  listing: ItemListingRow;
  onClose: () => void;
}

export function BuyPopup({ item, listing, onClose }: BuyPopupProps) {
  const { t } = useTranslation('trade');
  const qty = useQuantity(item.itemType);
  const quantity = qty.quantity;
  const [agreed, setAgreed] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const { env, member, state, started, start, shell } = useTradePopup({
    name: 'buy',
    texts: { title: t('buy.title'), submit: t('buy.submit'), done: t('buy.done') },
    plan: payPlan(isNativeToken(listing.priceSymbol)),
    refresh: (address) => refreshAfterTrade('buy', { productId: item.productId, address }),
    onClose,
  });
  const balance = useQuery(tradeQueries.coinBalance(env, member?.address ?? null, listing.priceSymbol));

  const total = totalWei(listing.priceAmount, quantity);
  const problem = checkBuy({ quantity, available: listing.availableCount, agreed, balance: balance.data, total });
  const own = member?.address === listing.sellerAddress.toLowerCase();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (problem || !env || !member || own) return;
    let purchase: Purchase | null = null;
    start({
      action: 'buy',
      reserve: async (kit, idempotencyKey) => {
        purchase = await reserveOrder(kit, member, env.chain, {
          path: '/nft/instance/purchase',
          body: { instanceId: listing.instanceId, quantity },
          idempotencyKey,
        });
      },
      approve: async (kit, onSent) => {
        const p = purchase!;
        const account = await kit.requireAccount(member.address, env.chain);
        await kit.ensureAllowance(
          env.chain,
          account,
          p.listing.token as `0x${string}`,
          p.market as `0x${string}`,
          BigInt(p.totalPrice),
          onSent,
        );
      },
      send: async (kit) => kit.sendBuy(env.chain, await kit.requireAccount(member.address, env.chain), purchase!),
      watch: item.productId,
      indexed: () => orderSettled(member, OrderKind.Purchase, purchase!.psdId),
    });
  };

  // A quantity the listing cannot give says so as it is typed, and the buy cannot start.
  const quantityProblem = problem === 'buy.quantityRequired' || problem === 'buy.quantityTooMany' ? problem : null;
  const showProblem = submitted && problem && problem !== 'buy.noCoin' && !quantityProblem;
  const summary = (
    <TradeSummary
      name={item.name}
      note={
        state.name !== 'indexed' && (
          <span className="muted small">{t('buy.available', { count: listing.availableCount })}</span>
        )
      }
      facts={[
        { label: t('buy.seller'), value: listing.sellerName ?? shortHex(listing.sellerAddress) },
        {
          label: t('buy.unitPrice'),
          testId: 'buy-unit-price',
          value: (
            <>
              {formatPrice(listing.priceAmount, listing.priceSymbol)}
              {listing.currencyPrice && (
                <span className="muted small">
                  {' '}
                  (<UsdEstimate usd={listing.currencyPrice} />)
                </span>
              )}
            </>
          ),
        },
      ]}
    >
      {item.flagMint === 0 && <p className="muted small">{t('buy.lazyMint')}</p>}
    </TradeSummary>
  );
  const disabled = own || !env || problem === 'buy.noCoin' || Boolean(quantityProblem);
  return (
    <TradePopup {...shell} summary={summary} disabled={disabled} onSubmit={submit}>
      {item.itemType === ItemType.Multi && (
        <QuantityField
          {...qty.field}
          label={t('buy.quantity')}
          disabled={started}
          testId="buy-quantity"
          problem={
            quantityProblem && {
              text: t(quantityProblem, { count: listing.availableCount }),
              testId: 'buy-quantity-problem',
            }
          }
        />
      )}
      <TradeTotal label={t('buy.total')} value={formatPrice(total, listing.priceSymbol)} testId="buy-total" />
      <CoinBalance
        keys="trade:buy"
        testId="buy"
        symbol={listing.priceSymbol}
        balance={balance.data}
        noCoin={problem === 'buy.noCoin'}
      />
      {own && (
        <p className="field-error" role="alert" data-testid="buy-own">
          {t('errors.ownListing')}
        </p>
      )}
      <AgreeBox
        keys="trade:buy"
        testId="buy"
        checked={agreed}
        disabled={started}
        onChange={setAgreed}
        problem={showProblem ? t(problem, { count: listing.availableCount }) : null}
      />
    </TradePopup>
  );
}
