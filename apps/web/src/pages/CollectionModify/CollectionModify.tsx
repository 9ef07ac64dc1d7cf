import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { LoadState } from '../../components/ui/LoadState';
import { RequireLogin } from '../../features/auth/RequireLogin';
import { routeIdx, useCollectionInfo } from '../../features/collections/collection-queries';
import { CollectionForm } from '../../features/collections/CollectionForm';
import { popups } from '../../features/popups/popup-store';
import { failureCode } from '../../lib/api';

/**
 * /CollectionModify/{idx}: the owner edits or deletes the collection. A missing collection shows
 * "잘못된 접근 입니다." and goes to /; another member is sent to the collection's page (the server refuses
 * their writes with 250 anyway).
 */
export function CollectionModify() {
  const idx = routeIdx(useParams().idx);
  if (idx === null) return <Navigate to="/" replace />;
  return <RequireLogin>{(auth) => <Body idx={idx} auth={auth} />}</RequireLogin>;
}

function Body({ idx, auth }: { idx: number; auth: { id: string; ticket: string } }) {
  const { t } = useTranslation('collection');
  const navigate = useNavigate();
  const info = useCollectionInfo(idx);
  const missing = info.isError && failureCode(info.error) === 254;
  const notOwner = info.data !== undefined && info.data.memberId !== auth.id;

  useEffect(() => {
    if (missing) popups.ok(t('page.wrongAccess'), { onClose: () => navigate('/', { replace: true }) });
  }, [missing, navigate, t]);

  if (notOwner) return <Navigate to={`/Collection/${idx}`} replace />;
  return (
    <section className="page page-medium">
      <h1 className="page-title">{t('form.editTitle')}</h1>
      {info.data ? (
        <div className="card">
          <CollectionForm auth={auth} collection={info.data} key={info.data.collectionIdx} />
        </div>
      ) : (
        <LoadState
          loading={info.isPending}
          error={info.isError && !missing}
          loadingText={t('page.loading')}
          errorText={t('mine.loadFailed')}
          retryText={t('mine.retry')}
          onRetry={() => void info.refetch()}
        />
      )}
    </section>
  );
}
