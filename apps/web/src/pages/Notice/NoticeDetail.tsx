import { supportQueries } from '../../features/support/support-queries';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { SafeHtml } from '../../components/ui/SafeHtml';
import { ListState } from '../../features/support/ListState';
import '../../features/support/support.css';
import { ApiError } from '../../lib/api';

/** /Notice/{idx}: title, date, HTML body, back to the list. A missing or non-numeric idx goes to /Notice. */
export function NoticeDetail() {
  const { t } = useTranslation('support');
  const { idx } = useParams();
  const noticeIdx = /^\d{1,9}$/.test(idx ?? '') ? Number(idx) : 0;
  const query = useQuery(supportQueries.notice(noticeIdx));
  if (noticeIdx <= 0) return <Navigate to="/Notice" replace />;
  const notFound = query.error instanceof ApiError && query.error.code === 8;
  const n = query.data?.data;
  return (
    <section className="page page-medium support-page" data-testid="notice-detail">
      {notFound ? (
        <div className="card empty-state" data-testid="notice-not-found">
          <p>{t('notice.notFound')}</p>
        </div>
      ) : (
        <ListState loading={query.isPending} error={query.isError} onRetry={() => void query.refetch()} />
      )}
      {n && (
        <article className="notice-article">
          <header className="notice-head">
            {n.listType === 2 && <span className="pinned-label">{t('notice.pinned')}</span>}
            <h1 className="page-title" data-testid="notice-title">
              {n.title}
            </h1>
            <time className="muted" dateTime={n.createDate}>
              {n.createDate.slice(0, 10)}
            </time>
          </header>
          <SafeHtml html={n.message} className="rich-text" testId="notice-body" />
        </article>
      )}
      <p className="support-back">
        <Link to="/Notice" className="btn btn-outline" data-testid="notice-back">
          {t('notice.backToList')}
        </Link>
      </p>
    </section>
  );
}
