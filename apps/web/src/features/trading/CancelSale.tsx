/**
 * Cancelling a fixed-price sale (spec 3, sections 4 and 7): after a confirmation, `/nft/cancel/sale` withdraws
 * the listing from the order book at once; then the seller is offered the on-chain `cancelListing` of the signed
 * listing the reply carries, so no copy of that signature can ever be filled (it costs gas, so it is offered,
 * not forced). Used by the sell page's own listings and by the item page's sales list.
 */
import type { ListingMessage } from '@att/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Address } from 'viem';
import { Dialog } from '../../components/ui/Dialog';
import { api } from '../../lib/api';
import { useFrontConfig } from '../../lib/config';
import { explorerTxUrl } from '../history/history-format';
import { popups } from '../popups/popup-store';
import { ensureOk, useApiMutation } from '../popups/useApiMutation';
import { cancelListingOnChain, listingFromMessage, type SellChain, SellWalletError } from './sell-wallet';

/**
 * The cancel of a seller's listings: `cancel(instanceId)` asks, withdraws and then shows the on-chain offer in
 * `dialog`, which the caller renders outside the list (the withdrawn row leaves the list when it refreshes).
 */
export function useCancelSale({ auth, seller, chain }: { auth: { id: string; ticket: string }; seller: Address; chain: SellChain | null }) {
  const { t } = useTranslation('sell');
  const queryClient = useQueryClient();
  const [signed, setSigned] = useState<ListingMessage | null>(null);
  const [pending, setPending] = useState<number | null>(null);
  const withdraw = useApiMutation(
    async (instanceId: number) => ensureOk(await api('/nft/cancel/sale', { id: auth.id, ticketId: auth.ticket, instanceId })).data!,
    {
      onSuccess: (reply) => {
        setPending(null);
        setSigned(reply.listing);
        void queryClient.invalidateQueries({ queryKey: ['items'] });
      },
      onFailure: () => setPending(null),
    },
  );
  const cancel = (instanceId: number) =>
    popups.confirm(
      t('listings.confirmCancel'),
      () => {
        if (withdraw.run(instanceId)) setPending(instanceId);
      },
      { title: t('listings.cancelTitle') },
    );
  const dialog = signed ? <OnChainCancel listing={signed} seller={seller} chain={chain} onClose={() => setSigned(null)} /> : null;
  return { cancel, pending, dialog };
}

export function CancelSaleButton({ instanceId, busy, onCancel }: { instanceId: number; busy: boolean; onCancel: (instanceId: number) => void }) {
  const { t } = useTranslation('sell');
  return (
    <button type="button" className="btn btn-outline btn-sm" data-testid="sell-cancel" aria-busy={busy} disabled={busy} onClick={() => onCancel(instanceId)}>
      {t('listings.cancel')}
    </button>
  );
}

type OnChainState = { kind: 'offer' } | { kind: 'busy' } | { kind: 'done'; tx: string } | { kind: 'failed'; reason: string };

function OnChainCancel({ listing, seller, chain, onClose }: { listing: ListingMessage; seller: Address; chain: SellChain | null; onClose: () => void }) {
  const { t } = useTranslation('sell');
  const front = useFrontConfig();
  const [state, setState] = useState<OnChainState>({ kind: 'offer' });
  const busy = state.kind === 'busy';
  const run = async () => {
    if (!chain || busy) return;
    setState({ kind: 'busy' });
    try {
      const tx = await cancelListingOnChain(chain, seller, listingFromMessage(listing));
      setState({ kind: 'done', tx });
    } catch (err) {
      const reason = err instanceof SellWalletError ? err.reason : 'failed';
      if (reason === 'wrongNetwork') popups.network(chain.chainId);
      setState({ kind: 'failed', reason });
    }
  };
  const txUrl = state.kind === 'done' ? explorerTxUrl(front.data?.klayScanUrl, state.tx) : null;
  return (
    <Dialog
      title={t('listings.cancelTitle')}
      onClose={busy ? undefined : onClose}
      testId="sell-onchain-cancel"
      footer={
        <>
          <button type="button" className="btn btn-outline" onClick={onClose} disabled={busy} data-testid="sell-onchain-later">
            {t('listings.later')}
          </button>
          {state.kind !== 'done' && (
            <button type="button" className="btn btn-primary" onClick={() => void run()} disabled={busy || !chain} aria-busy={busy} data-testid="sell-onchain-confirm">
              {t('listings.onchainCancel')}
            </button>
          )}
        </>
      }
    >
      <div data-testid="sell-onchain-state" data-state={state.kind}>
        <p>{t('listings.withdrawn')}</p>
        {state.kind === 'done' ? (
          <p role="status" className="sell-success">
            {t('listings.onchainDone')}{' '}
            {txUrl ? (
              <a href={txUrl} target="_blank" rel="noopener noreferrer">
                {t('listings.txLink')}
              </a>
            ) : (
              <code className="small">{`${state.tx.slice(0, 10)}…${state.tx.slice(-8)}`}</code>
            )}
          </p>
        ) : (
          <p className="muted">{t('listings.onchainOffer')}</p>
        )}
        {busy && <p role="status">{t('listings.onchainBusy')}</p>}
        {state.kind === 'failed' && (
          <p className="field-error" role="alert">
            {t(`wallet.${state.reason as 'failed'}`)}
          </p>
        )}
      </div>
    </Dialog>
  );
}
