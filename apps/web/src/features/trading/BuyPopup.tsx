/**
 * The buy popup (spec 3 sections 2, 4, 5): quantity (multi-edition; single items buy 1), the total, the buyer's
 * balance with the no-coin warning, the agree box, then the steps: the server reserves the pieces and returns
 * the validator-signed `Buy` (/nft/instance/purchase) -> ATT allowance when needed -> confirm `buyNft` in the
 * wallet -> on chain -> the marketplace shows the new pieces -> done, with the transaction link. KLAY is paid
 * as the transaction's value (no allowance). Lazily minted pieces are minted by the Market on this first sale.
 */
import { formatTokenAmount, type ItemDetail, type ItemListingRow, type RouteReply } from '@att/shared';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/ui/Dialog';
import { api } from '../../lib/api';
import { groupDigits } from '../history/history-format';
import { ensureOk } from '../popups/useApiMutation';
import { QuantityField } from './QuantityField';
import { formatPrice, refreshAfterTrade, shortHex, type TradeEnv, useMember, useTradeEnv } from './trade-env';
import { loadTradeKit } from './trade-kit';
import { canClose, type TradeStep } from './trade-machine';
import { TradeDone, TradeSteps } from './TradeSteps';
import { checkBuy, parseQuantity, totalWei } from './trade-validation';
import { useTradeFlow } from './useTradeFlow';
import './trading.css';

type Purchase = NonNullable<RouteReply<'/nft/instance/purchase'>['data']>;
type Member = NonNullable<ReturnType<typeof useMember>>;

export interface BuyPopupProps {
  item: Pick<ItemDetail, 'productId' | 'name' | 'itemType' | 'flagMint'>;
  listing: ItemListingRow;
  onClose: () => void;
}

/** The buyer's balance of the listing's coin, read from the chain through the wallet side. */
function useCoinBalance(env: TradeEnv | null, member: Member | null, symbol: 'ATT' | 'KLAY') {
  return useQuery({
    queryKey: ['balances', 'trade', member?.address, symbol, env?.chain.rpcUrl],
    enabled: Boolean(env && member),
    queryFn: async () => {
      const kit = await loadTradeKit();
      const owner = member!.address as `0x${string}`;
      return kit.readTokenBalance(env!.chain, owner, symbol === 'ATT' ? (env!.att as `0x${string}`) : undefined);
    },
  });
}

async function myCount(member: Member, productId: number): Promise<number> {
  const d = ensureOk(await api('/nft/detail', { id: member.id, ticketId: member.ticketId, productId })).data!;
  return d.itemCountMine;
}

export function BuyPopup({ item, listing, onClose }: BuyPopupProps) {
  const { t } = useTranslation('trade');
  const ids = { qty: useId(), agree: useId() };
  const env = useTradeEnv();
  const member = useMember();
  const flow = useTradeFlow();
  const [quantityText, setQuantityText] = useState('1');
  const [agreed, setAgreed] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const balance = useCoinBalance(env, member, listing.priceSymbol);

  const quantity = parseQuantity(quantityText, item.itemType);
  const total = totalWei(listing.priceAmount, quantity);
  const problem = checkBuy({ quantity, available: listing.availableCount, agreed, balance: balance.data, total });
  const own = member?.address === listing.sellerAddress.toLowerCase();
  const plan: TradeStep[] = listing.priceSymbol === 'ATT' ? ['reserve', 'approve', 'send', 'index'] : ['reserve', 'send', 'index'];
  const state = flow.state;
  const started = state.name !== 'idle';
  const running = started && state.name !== 'indexed' && state.name !== 'failed' && state.name !== 'cancelled';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (problem || !env || !member || own) return;
    let purchase: Purchase | null = null;
    let before = 0;
    void flow
      .start({
        action: 'buy',
        plan,
        chain: env.chain,
        reserve: async (kit) => {
          kit.requireAccount(member.address, env.chain);
          before = await myCount(member, item.productId);
          purchase = ensureOk(
            await api('/nft/instance/purchase', { id: member.id, ticketId: member.ticketId, instanceId: listing.instanceId, quantity }),
          ).data!;
        },
        approve: async (kit, onSent) => {
          const p = purchase!;
          const account = kit.requireAccount(member.address, env.chain);
          await kit.ensureAllowance(env.chain, account, p.listing.token as `0x${string}`, p.market as `0x${string}`, BigInt(p.totalPrice), onSent);
        },
        send: (kit) => kit.sendBuy(env.chain, kit.requireAccount(member.address, env.chain), purchase!),
        indexed: async () => (await myCount(member, item.productId)) >= before + quantity,
      })
      .then(() => refreshAfterTrade());
  };

  const close = () => {
    // Whatever happened (done, failed, or abandoned while the wallet waited), read the item again.
    if (started) void refreshAfterTrade();
    flow.reset();
    onClose();
  };

  const showProblem = submitted && problem && problem !== 'buy.noCoin';
  return (
    <Dialog title={t('buy.title')} onClose={canClose(state) ? close : undefined} size="md" testId="buy-popup">
      <div className="trade-popup" data-trade-state={state.name}>
        <p className="trade-item-name">
          {item.name}{' '}
          {state.name !== 'indexed' && <span className="muted small">{t('buy.available', { count: listing.availableCount })}</span>}
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

        {state.name === 'indexed' ? (
          <TradeDone message={t('buy.done')} testId="buy-done" onClose={close} state={state} plan={plan} explorerUrl={env?.explorerUrl ?? ''} />
        ) : (
          <form className="form" onSubmit={submit} noValidate>
            {item.itemType === 1 && (
              <QuantityField
                id={ids.qty}
                label={t('buy.quantity')}
                value={quantityText}
                disabled={started}
                onChange={setQuantityText}
                invalid={Boolean(submitted && (problem === 'buy.quantityRequired' || problem === 'buy.quantityTooMany'))}
                testId="buy-quantity"
              />
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
                <input id={ids.agree} type="checkbox" checked={agreed} disabled={started} onChange={(e) => setAgreed(e.target.checked)} data-testid="buy-agree" />
                <span>{t('buy.agree')}</span>
              </label>
            </div>
            {showProblem && (
              <p className="field-error" role="alert" data-testid="buy-problem">
                {t(problem, { count: listing.availableCount })}
              </p>
            )}
            {started && <TradeSteps state={state} plan={plan} explorerUrl={env?.explorerUrl ?? ''} />}
            <div className="form-actions">
              <button type="button" className="btn btn-outline" onClick={close} disabled={!canClose(state)} data-testid="buy-cancel">
                {t('steps.close')}
              </button>
              {state.name === 'failed' || state.name === 'cancelled' ? (
                <button type="button" className="btn btn-primary" onClick={flow.reset} data-testid="trade-retry">
                  {t('steps.retry')}
                </button>
              ) : (
                <button
                  type="submit"
                  className="btn btn-primary"
                  disabled={running || own || !env || problem === 'buy.noCoin'}
                  aria-busy={running}
                  data-testid="buy-submit"
                >
                  {t('buy.submit')}
                </button>
              )}
            </div>
          </form>
        )}
      </div>
    </Dialog>
  );
}
