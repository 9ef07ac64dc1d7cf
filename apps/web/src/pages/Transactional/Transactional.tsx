/**
 * /Transactional (the global event list) and /Transactional/{collectionIdx} (one collection's): filters, the
 * spec's columns, 'more'. A collection that does not exist shows "잘못된 접근 입니다." and goes to /; a malformed
 * idx goes to / at once.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { routeIdx, useCollectionInfo } from '../../features/collections/collection-queries';
import { HistoryFilters } from '../../features/history/HistoryFilters';
import { HistoryList } from '../../features/history/HistoryList';
import { defaultHistoryFilters, useHistoryList, type HistoryFilterState } from '../../features/history/history-queries';
import { popups } from '../../features/popups/popup-store';
import { failureCode } from '../../lib/api';

export function Transactional() {
  const params = useParams();
  if (params.collectionIdx === undefined) return <TransactionalPage key="all" />;
  const idx = routeIdx(params.collectionIdx);
  if (idx === null) return <Navigate to="/" replace />;
  return <TransactionalPage key={idx} collectionIdx={idx} />;
}

function TransactionalPage({ collectionIdx }: { collectionIdx?: number }) {
  const { t } = useTranslation('history');
  const navigate = useNavigate();
  const [filters, setFilters] = useState<HistoryFilterState>(defaultHistoryFilters);
  const info = useCollectionInfo(collectionIdx ?? null);
  const query = useHistoryList({ kind: 'all', collectionIdx }, filters);
  const missing =
    (info.isError && failureCode(info.error) === 254) || (query.isError && failureCode(query.error) === 254);

  useEffect(() => {
    if (missing) popups.ok(t('feed.wrongAccess'), { onClose: () => navigate('/', { replace: true }) });
  }, [missing, navigate, t]);

  const name = collectionIdx !== undefined ? info.data?.collectionName : undefined;
  return (
    <section className="page history-page" data-testid="transactions-page">
      <div className="page-head">
        <div>
          <h1 className="page-title">{name ? t('feed.collectionTitle', { name }) : t('feed.title')}</h1>
          <p className="muted">{t('feed.lead')}</p>
        </div>
        {collectionIdx !== undefined && (
          <Link to="/Transactional" className="btn btn-outline">
            {t('feed.allCollections')}
          </Link>
        )}
      </div>
      {!missing && (
        <>
          <HistoryFilters value={filters} onChange={setFilters} showCollection={collectionIdx === undefined} />
          <HistoryList query={query} />
        </>
      )}
    </section>
  );
}
