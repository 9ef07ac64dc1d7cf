/**
 * The buy popup (spec 3 sections 2, 4, 5): quantity (multi-edition; single items buy 1), the total, the buyer's
 * balance with the no-coin warning, the agree box, then the steps: the server reserves the pieces and returns
 * the validator-signed `Buy` (/nft/instance/purchase) -> ATT allowance when needed -> confirm `buyNft` in the
 * wallet -> on chain -> the order book has the reservation sold (learned from the item's socket event) -> done, with
 * the transaction link. KLAY is paid
 * as the transaction's value (no allowance). Lazily minted pieces are minted by the Market on this first sale.
 */
import {
  formatTokenAmount,
  isNativeToken,
  type ItemDetail,
  type ItemListingRow,
  ItemType,
  OrderKind,
  type RouteReply,
  type TokenSymbol,
} from '@att/shared';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ensureOk } from '../../../lib/api';
import { formatPrice, groupDigits, shortHex } from '../../../lib/format';
import { orderSettled } from '../core/order-settled';
import { QuantityField } from '../core/QuantityField';
import { useMember, useTradeEnv } from '../core/trade-env';
import type { TradeStep } from '../core/trade-machine';
import { TradePopup } from '../core/TradePopup';
import { refreshAfterTrade } from '../core/trade-refresh';
import { checkBuy, parseQuantity, totalWei } from '../core/trade-validation';
import { useTradeFlow } from '../core/useTradeFlow';
import { tradeQueries } from '../trade-queries';

type Purchase = NonNullable<RouteReply<'/nft/instance/purchase'>['data']>;

export interface BuyPopupProps {
  item: Pick<ItemDetail, 'productId' | 'name' | 'itemType' | 'flagMint'>;
  listing: ItemListingRow;
  onClose: () => void;
}

/** ATT needs an allowance for the Market; KLAY goes as the transaction's value. */
const planFor = (symbol: TokenSymbol): TradeStep[] =>
  isNativeToken(symbol) ? ['reserve', 'send', 'index'] : ['reserve', 'approve', 'send', 'index'];

export function BuyPopup({ item, listing, onClose }: BuyPopupProps) {
  const { t } = useTranslation('trade');
  const ids = { qty: useId(), agree: useId() };
  const env = useTradeEnv();
  const member = useMember();
  const flow = useTradeFlow();
  const [quantityText, setQuantityText] = useState('1');
  const [agreed, setAgreed] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const balance = useQuery(tradeQueries.coinBalance(env, member?.address ?? null, listing.priceSymbol));

  const quantity = parseQuantity(quantityText, item.itemType);
  const total = totalWei(listing.priceAmount, quantity);
  const problem = checkBuy({ quantity, available: listing.availableCount, agreed, balance: balance.data, total });
  const own = member?.address === listing.sellerAddress.toLowerCase();
  const plan = planFor(listing.priceSymbol);
  const state = flow.state;
  const started = state.name !== 'idle';
  const refresh = () => refreshAfterTrade('buy', { productId: item.productId, address: member?.address });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (problem || !env || !member || own) return;
    let purchase: Purchase | null = null;
    void flow
      .start({
        action: 'buy',
        plan,
        chain: env.chain,
        reserve: async (kit, idempotencyKey) => {
          await kit.requireAccount(member.address, env.chain);
          purchase = ensureOk(
            await api(
              '/nft/instance/purchase',
              { id: member.id, ticketId: member.ticketId, instanceId: listing.instanceId, quantity },
              { idempotencyKey },
            ),
          ).data!;
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
      })
      .then(() => refresh());
  };

  const close = () => {
    // Whatever happened (done, failed, or abandoned while the wallet waited), read the item again.
    if (started) void refresh();
    flow.reset();
    onClose();
  };

  // A quantity the listing cannot give says so as it is typed, and the buy cannot start.
  const quantityProblem = problem === 'buy.quantityRequired' || problem === 'buy.quantityTooMany' ? problem : null;
  const showProblem = submitted && problem && problem !== 'buy.noCoin' && !quantityProblem;
  const summary = (
    <>
      <p className="trade-item-name">
        {item.name}{' '}
        {state.name !== 'indexed' && (
          <span className="muted small">{t('buy.available', { count: listing.availableCount })}</span>
        )}
      </p>
      <dl className="kv trade-summary">
        <div>
          <dt>{t('buy.seller')}</dt>
          <dd>{listing.sellerName ?? shortHex(listing.sellerAddress)}</dd>
        </div>
        <div>
          <dt>{t('buy.unitPrice')}</dt>
          <dd data-testid="buy-unit-price">
            {formatPrice(listing.priceAmount, listing.priceSymbol)}
            {listing.currencyPrice && <span className="muted small"> (${listing.currencyPrice})</span>}
          </dd>
        </div>
      </dl>
      {item.flagMint === 0 && <p className="muted small">{t('buy.lazyMint')}</p>}
    </>
  );
  return (
    <TradePopup
      title={t('buy.title')}
      testId="buy-popup"
      state={state}
      plan={plan}
      explorerUrl={env?.explorerUrl ?? ''}
      summary={summary}
      submit={{
        label: t('buy.submit'),
        testId: 'buy-submit',
        disabled: own || !env || problem === 'buy.noCoin' || Boolean(quantityProblem),
      }}
      done={{ message: t('buy.done'), testId: 'buy-done' }}
      onSubmit={submit}
      onRetry={flow.reset}
      onClose={close}
    >
      {item.itemType === ItemType.Multi && (
        <QuantityField
          id={ids.qty}
          label={t('buy.quantity')}
          value={quantityText}
          disabled={started}
          onChange={setQuantityText}
          invalid={Boolean(quantityProblem)}
          describedBy={quantityProblem ? `${ids.qty}-problem` : undefined}
          testId="buy-quantity"
        >
          {quantityProblem && (
            <p className="field-error" role="alert" id={`${ids.qty}-problem`} data-testid="buy-quantity-problem">
              {t(quantityProblem, { count: listing.availableCount })}
            </p>
          )}
        </QuantityField>
      )}
      <p className="trade-total">
        <span>{t('buy.total')}</span>
        <strong data-testid="buy-total">{formatPrice(total, listing.priceSymbol)}</strong>
      </p>
      <p className="muted small" data-testid="buy-balance">
        {balance.data === undefined
          ? t('buy.balanceLoading')
          : t('buy.balance', { symbol: listing.priceSymbol, amount: groupDigits(formatTokenAmount(balance.data)) })}
      </p>
      {problem === 'buy.noCoin' && (
        <p className="field-error" role="alert" data-testid="buy-no-coin">
          {t('buy.noCoin')}
        </p>
      )}
      {own && (
        <p className="field-error" role="alert" data-testid="buy-own">
          {t('errors.ownListing')}
        </p>
      )}
      <div className="check-row">
        <label className="check" htmlFor={ids.agree}>
          <input
            id={ids.agree}
            type="checkbox"
            checked={agreed}
            disabled={started}
            onChange={(e) => setAgreed(e.target.checked)}
            data-testid="buy-agree"
          />
          <span>{t('buy.agree')}</span>
        </label>
      </div>
      {showProblem && (
        <p className="field-error" role="alert" data-testid="buy-problem">
          {t(problem, { count: listing.availableCount })}
        </p>
      )}
    </TradePopup>
  );
}
