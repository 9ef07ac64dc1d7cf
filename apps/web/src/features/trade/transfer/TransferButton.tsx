import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMember } from '../core/trade-env';
import { freePieces } from '../core/trade-validation';
import { TransferPopup, type TransferItem } from './TransferPopup';

/** The one element a page mounts for transfers: shown only to a member with free pieces; opens the popup. */
export function TransferButton({ item }: { item: TransferItem }) {
  const { t } = useTranslation('trade');
  const member = useMember();
  // An item card's "transfer" entry opens the item page with #transfer: the popup opens at once.
  const [open, setOpen] = useState(() => window.location.hash === '#transfer' && freePieces(item) > 0);
  // An open popup stays while its transfer refreshes the item (which may leave no pieces to send).
  if (!member || (freePieces(item) <= 0 && !open)) return null;
  return (
    <>
      {freePieces(item) > 0 && (
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={() => setOpen(true)}
          data-testid="transfer-open"
        >
          {t('transfer.open')}
        </button>
      )}
      {open && <TransferPopup item={item} onClose={() => setOpen(false)} />}
    </>
  );
}
