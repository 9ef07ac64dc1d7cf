/**
 * The item detail page's sales list (spec 3 section 2): the item's live listings from /nft/instance/list/item,
 * cheapest first, with price (and its USD value), quantity, expiry and seller. The member's own listing offers
 * cancel (/nft/cancel/sale withdraws it from the order book at once; then the seller is offered the on-chain
 * `cancelListing`, so the signature that left the server can never be used); other fixed-price listings offer
 * buy (the buy popup); auctions show no button. Loading, error and empty states.
 */
import type { ItemDetail, ItemListingRow, ListingMessage } from '@att/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Dialog } from '../../components/ui/Dialog';
import { LoadState } from '../../components/ui/LoadState';
import { api } from '../../lib/api';
import { auth } from '../auth/auth-controller';
import { popups } from '../popups/popup-store';
import { ensureOk, useApiMutation } from '../popups/useApiMutation';
import { BuyPopup } from './BuyPopup';
import { formatPrice, refreshAfterTrade, shortHex, useMember, useTradeEnv } from './trade-env';
import { canClose, type TradeStep } from './trade-machine';
import { TradeSteps } from './TradeSteps';
import { useTradeFlow } from './useTradeFlow';
import './trading.css';

type SalesItem = Pick<ItemDetail, 'productId' | 'name' | 'itemType' | 'flagMint'>;

export function useItemListings(productId: number) {
  return useQuery({
    queryKey: ['listings', productId],
    queryFn: async (): Promise<ItemListingRow[]> => ensureOk(await api('/nft/instance/list/item', { productId })).list ?? [],
  });
}

export interface Withdrawn {
  listing: ListingMessage;
  market: string;
}

export function SalesList({ item }: { item: SalesItem }) {
  const { t, i18n } = useTranslation('trade');
  const member = useMember();
  const listings = useItemListings(item.productId);
  const [buying, setBuying] = useState<ItemListingRow | null>(null);
  const [withdrawn, setWithdrawn] = useState<Withdrawn | null>(null);
  const cancel = useApiMutation(
    async (instanceId: number) =>
      ensureOk(await api('/nft/cancel/sale', { id: member!.id, ticketId: member!.ticketId, instanceId })).data!,
    {
      onSuccess: (data) => {
        void refreshAfterTrade();
        setWithdrawn({ listing: data.listing, market: data.market });
      },
    },
  );

  const askCancel = (row: ItemListingRow) =>
    popups.confirm(t('sales.cancelConfirm'), () => cancel.run(row.instanceId), { title: t('sales.cancelTitle'), confirmLabel: t('sales.cancel') });

  const rows = listings.data ?? [];
  const dateFmt = new Intl.DateTimeFormat(i18n.language?.startsWith('en') ? 'en' : 'ko', { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section className="sales-list card" data-testid="sales-list" aria-labelledby="sales-list-title">
      <h2 className="panel-title" id="sales-list-title">
        {t('sales.title')}
      </h2>
      {!listings.data ? (
        <LoadState
          loading={listings.isPending}
          error={listings.isError}
          loadingText={t('sales.loading')}
          errorText={t('sales.loadFailed')}
          retryText={t('sales.retry')}
          onRetry={() => void listings.refetch()}
        />
      ) : rows.length === 0 ? (
        <p className="muted" data-testid="sales-empty">
          {t('sales.empty')}
        </p>
      ) : (
        <div className="sales-table-wrap">
          <table className="sales-table">
            <thead>
              <tr>
                <th scope="col">{t('sales.price')}</th>
                <th scope="col">{t('sales.quantity')}</th>
                <th scope="col">{t('sales.expiry')}</th>
                <th scope="col">{t('sales.seller')}</th>
                <th scope="col">
                  <span className="sr-only">{t('sales.buy')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const own = member?.address === row.sellerAddress.toLowerCase();
                return (
                  <tr key={row.instanceId} data-testid={`sale-row-${row.instanceId}`} data-own={own ? '1' : '0'} data-remain={row.remainCount}>
                    <td data-label={t('sales.price')}>
                      <span>
                        <strong data-testid="sale-price">{formatPrice(row.priceAmount, row.priceSymbol)}</strong>
                        {row.currencyPrice && <span className="muted small sales-usd">${row.currencyPrice}</span>}
                      </span>
                    </td>
                    <td data-label={t('sales.quantity')}>
                      <span>
                        {t('sales.remain', { count: row.remainCount })}
                        {row.availableCount < row.remainCount && (
                          <span className="muted small sales-reserved">{t('sales.reserved', { count: row.remainCount - row.availableCount })}</span>
                        )}
                      </span>
                    </td>
                    <td data-label={t('sales.expiry')}>
                      <time dateTime={row.expireDate}>{dateFmt.format(new Date(row.expireDate))}</time>
                    </td>
                    <td data-label={t('sales.seller')}>
                      {own ? (
                        <span className="badge">{t('sales.mine')}</span>
                      ) : row.sellerName ? (
                        <Link to={`/Profile/${encodeURIComponent(row.sellerName)}`}>{row.sellerName}</Link>
                      ) : (
                        <span className="mono">{shortHex(row.sellerAddress)}</span>
                      )}
                    </td>
                    <td className="sales-action">
                      {own ? (
                        <button
                          type="button"
                          className="btn btn-outline btn-sm"
                          disabled={cancel.busy}
                          onClick={() => askCancel(row)}
                          data-testid={`sale-cancel-${row.instanceId}`}
                        >
                          {t('sales.cancel')}
                        </button>
                      ) : row.saleType === 1 ? (
                        <button
                          type="button"
                          className="btn btn-primary btn-sm"
                          disabled={row.availableCount <= 0}
                          onClick={() => (member ? setBuying(row) : auth.requestConnect())}
                          data-testid={`sale-buy-${row.instanceId}`}
                        >
                          {t('sales.buy')}
                        </button>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {buying && <BuyPopup item={item} listing={buying} onClose={() => setBuying(null)} key={buying.instanceId} />}
      {withdrawn && <ChainCancelPopup withdrawn={withdrawn} onClose={() => setWithdrawn(null)} />}
    </section>
  );
}

const CANCEL_PLAN: readonly TradeStep[] = ['send'];

/** After the server withdrew a listing: the seller may also cancel the signed listing on chain (costs gas). Also on /NftSell. */
export function ChainCancelPopup({ withdrawn, onClose }: { withdrawn: Withdrawn; onClose: () => void }) {
  const { t } = useTranslation('trade');
  const env = useTradeEnv();
  const member = useMember();
  const flow = useTradeFlow();
  const state = flow.state;
  const running = state.name !== 'idle' && state.name !== 'indexed' && state.name !== 'failed' && state.name !== 'cancelled';
  const start = () => {
    if (!env || !member) return;
    void flow.start({
      action: 'cancel',
      plan: CANCEL_PLAN,
      chain: env.chain,
      send: (kit) => kit.sendCancelListing(env.chain, kit.requireAccount(member.address, env.chain), withdrawn.market, withdrawn.listing),
    });
  };
  const close = () => {
    flow.reset();
    onClose();
  };
  return (
    <Dialog title={t('sales.cancelled')} onClose={canClose(state) ? close : undefined} size="md" testId="chain-cancel-popup">
      <div className="trade-popup" data-trade-state={state.name}>
        <p className="popup-message">{state.name === 'indexed' ? t('sales.chainCancelDone') : t('sales.chainCancelOffer')}</p>
        {state.name !== 'idle' && <TradeSteps state={state} plan={CANCEL_PLAN} explorerUrl={env?.explorerUrl ?? ''} />}
        <div className="form-actions">
          <button type="button" className="btn btn-outline" onClick={close} disabled={!canClose(state)} data-testid="chain-cancel-later">
            {state.name === 'indexed' ? t('steps.close') : t('sales.later')}
          </button>
          {state.name === 'failed' || state.name === 'cancelled' ? (
            <button type="button" className="btn btn-primary" onClick={flow.reset} data-testid="trade-retry">
              {t('steps.retry')}
            </button>
          ) : (
            state.name !== 'indexed' && (
              <button type="button" className="btn btn-primary" onClick={start} disabled={running || !env} aria-busy={running} data-testid="chain-cancel-submit">
                {t('sales.chainCancel')}
              </button>
            )
          )}
        </div>
      </div>
    </Dialog>
  );
}
