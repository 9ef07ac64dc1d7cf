/**
 * The action of one offer row on the member's own profile (spec 2 "Offer actions"; none on another member's
 * profile): cancel (the offerer, states 2 and 5, on chain), accept (offers received in state 2; refused during an
 * auction and without free pieces with the spec's texts), delete from the list (every other state, after a
 * confirmation, /nft/offer/delete). Each ends with the lists read again and its confirmation: 제안 취소가
 * 완료되었습니다. / 제안 수락이 완료되었습니다. (the popups' done view) / 선택하신 내역이 삭제됐습니다.
 */
import type { ItemDetail, OfferRow } from '@att/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ensureOk, queryClient, useApiMutation } from '../../../lib/api';
import { popups } from '../../popups';
import { useMember } from '../core/trade-env';
import { tradeKeys } from '../trade-queries';
import { AcceptOfferPopup } from './AcceptOfferPopup';
import { CancelOfferPopup } from './CancelOfferPopup';
import { acceptRefusal, offerRowAction } from './offer-rules';
import './offer.css';

type Open = { kind: 'cancel' } | { kind: 'accept'; item: ItemDetail } | null;

const reloadLists = () => queryClient.invalidateQueries({ queryKey: tradeKeys.offers() });

export function OfferRowActions({ row, made }: { row: OfferRow; made: boolean }) {
  const { t } = useTranslation('offer');
  const member = useMember();
  const [open, setOpen] = useState<Open>(null);
  const action = offerRowAction({ made, mine: member !== null, state: row.state, ownOffer: false });

  const remove = useApiMutation(
    async () =>
      ensureOk(
        await api('/nft/offer/delete', { id: member!.id, ticketId: member!.ticketId, offerIdx: row.makeOfferIdx }),
      ),
    {
      onSuccess: () => {
        void reloadLists();
        popups.ok(t('profile.deleted'));
      },
      // The spec's delete only logs a failure (the row stays; the list is read again).
      onFailure: (code) => {
        console.warn(`[offers] /nft/offer/delete answered ${code}`);
        void reloadLists();
        return true;
      },
    },
  );
  const opening = useApiMutation(
    async () =>
      ensureOk(await api('/nft/detail', { id: member!.id, ticketId: member!.ticketId, productId: row.productIdx }))
        .data!,
    {
      onSuccess: (item) => {
        const refusal = acceptRefusal(item);
        if (refusal) popups.ok(t(refusal));
        else setOpen({ kind: 'accept', item });
      },
    },
  );

  if (!action || !member) return null;
  const label = `${t(`profile.${action}`)} · ${row.productName}`;
  return (
    <>
      {action === 'cancel' && (
        <button
          type="button"
          className="btn btn-outline btn-sm"
          aria-label={label}
          onClick={() => setOpen({ kind: 'cancel' })}
          data-testid={`offer-row-cancel-${row.makeOfferIdx}`}
        >
          {t('profile.cancel')}
        </button>
      )}
      {action === 'accept' && (
        <button
          type="button"
          className="btn btn-primary btn-sm"
          aria-label={label}
          disabled={opening.busy}
          aria-busy={opening.busy}
          onClick={() => opening.run(undefined)}
          data-testid={`offer-row-accept-${row.makeOfferIdx}`}
        >
          {t('profile.accept')}
        </button>
      )}
      {action === 'delete' && (
        <button
          type="button"
          className="btn btn-outline btn-sm"
          aria-label={label}
          disabled={remove.busy}
          onClick={() =>
            popups.confirm(t('profile.deleteConfirm'), () => remove.run(undefined), {
              title: t('profile.deleteTitle'),
              confirmLabel: t('profile.delete'),
            })
          }
          data-testid={`offer-row-delete-${row.makeOfferIdx}`}
        >
          {t('profile.delete')}
        </button>
      )}
      {open?.kind === 'cancel' && (
        <CancelOfferPopup
          offer={{
            osdId: String(row.makeOfferIdx),
            productId: row.productIdx,
            productName: row.productName,
            symbol: row.offerSymbol,
            pricePerOne: row.offerPricePerOne,
            remainAmount: row.remainAmount,
          }}
          onClose={() => setOpen(null)}
          onDone={() => void reloadLists()}
        />
      )}
      {open?.kind === 'accept' && (
        <AcceptOfferPopup
          offer={{
            makeOfferIdx: row.makeOfferIdx,
            symbol: row.offerSymbol,
            pricePerOne: row.offerPricePerOne,
            available: row.remainAmount,
            offererName: row.memberName,
            expireDate: row.tradeDate,
          }}
          item={open.item}
          onClose={() => setOpen(null)}
          onDone={() => void reloadLists()}
        />
      )}
    </>
  );
}
