/**
 * The lock badge (spec 3): shown when the item has unlockable content and the viewer holds pieces; it opens a
 * popup that fetches the content (/nft/unlock checks the holding again on the server).
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/ui/Dialog';
import { LoadState } from '../../components/ui/LoadState';
import { itemQueries } from '../../features/items/item-queries';
import { useSession } from '../../lib/session';

export function UnlockableBadge({ productId }: { productId: number }) {
  const { t } = useTranslation('itemDetail');
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="badge lock-badge"
        data-testid="item-unlock"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <LockIcon /> {t('lock.badge')}
      </button>
      {open && <UnlockablePopup productId={productId} onClose={() => setOpen(false)} />}
    </>
  );
}

function UnlockablePopup({ productId, onClose }: { productId: number; onClose: () => void }) {
  const { t } = useTranslation('itemDetail');
  const { id, ticket } = useSession();
  const content = useQuery({ ...itemQueries.unlock(productId, id && ticket ? { id, ticket } : null), gcTime: 0 });
  return (
    <Dialog title={t('lock.title')} onClose={onClose} size="sm" testId="unlock-popup">
      {content.isSuccess ? (
        <p className="item-description" data-testid="item-unlocked-content">
          {content.data}
        </p>
      ) : (
        <LoadState
          loading={content.isPending && content.fetchStatus !== 'idle'}
          error={content.isError}
          loadingText={t('lock.loading')}
          errorText={t('lock.ownersOnly')}
          retryText={t('owners.retry')}
          onRetry={() => void content.refetch()}
        />
      )}
    </Dialog>
  );
}

function LockIcon() {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      strokeLinecap="round"
    >
      <rect x="4" y="11" width="16" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
}
