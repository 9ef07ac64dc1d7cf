/** The owner list popup of a multi-edition item (spec 3): holders and their pieces, most first, paged by 'more'. */
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/ui/Dialog';
import { LoadState } from '../../components/ui/LoadState';
import { shortWallet } from '../../lib/wallet-address';
import { cdnImage, useFrontConfig } from '../../lib/config';
import { useItemOwners } from '../../features/items/item-queries';
import { MemberLink } from '../../components/ui/MemberName';

export function OwnersPopup({ productIdx, onClose }: { productIdx: number; onClose: () => void }) {
  const { t } = useTranslation('itemDetail');
  const front = useFrontConfig();
  const owners = useItemOwners(productIdx);
  const rows = owners.data?.pages.flatMap((p) => p.list ?? []) ?? [];
  return (
    <Dialog title={t('owners.title')} onClose={onClose} size="sm" testId="owners-popup">
      {owners.isSuccess && rows.length === 0 && <p className="muted">{t('owners.empty')}</p>}
      {!owners.isSuccess && (
        <LoadState
          loading={owners.isPending}
          error={owners.isError}
          loadingText={t('owners.loading')}
          errorText={t('owners.loadFailed')}
          retryText={t('owners.retry')}
          onRetry={() => void owners.refetch()}
        />
      )}
      <ul className="member-list" data-testid="owners-list">
        {rows.map((o) => {
          const photo = cdnImage(front.data?.cdnUrl, 'profile', o.memberFileName);
          return (
            <li key={o.address} className="member-row" data-testid="owner-row">
              {photo ? (
                <img src={photo} alt="" className="avatar-sm" />
              ) : (
                <span className="avatar-sm avatar-default" aria-hidden="true" />
              )}
              {o.memberName ? (
                <MemberLink name={o.memberName} address={o.address} onClick={onClose} />
              ) : (
                <span title={o.address}>
                  {shortWallet(o.address)} <span className="muted small">{t('owners.outside')}</span>
                </span>
              )}
              <span className="muted small owner-qty">{t('owners.pieces', { count: o.quantity })}</span>
            </li>
          );
        })}
      </ul>
      {owners.hasNextPage && (
        <button
          type="button"
          className="btn btn-outline"
          disabled={owners.isFetchingNextPage}
          onClick={() => void owners.fetchNextPage()}
        >
          {t('owners.more')}
        </button>
      )}
    </Dialog>
  );
}
