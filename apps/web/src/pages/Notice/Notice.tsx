import { supportQueries } from '../../features/support/support-queries';
import { NOTICE_PAGE_LINKS, type SearchType } from '@att/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Pagination } from '../../components/ui/Pagination';
import { ListState } from '../../features/support/ListState';
import { SearchBar } from '../../features/support/SearchBar';
import '../../features/support/support.css';
import { currentLanguage } from '../../i18n';

/** Query string of the list: ?page=2&type=1&q=text (so back and reload keep the place). */
function readParams(params: URLSearchParams) {
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const type: SearchType = params.get('type') === '2' ? 2 : 1;
  return { page, type, text: params.get('q') ?? '' };
}

/** /Notice: total, page x/y, search, the table (pinned rows labelled 공지), 10 per page with 10 page links. */
export function Notice() {
  const { t, i18n } = useTranslation('support');
  const [params, setParams] = useSearchParams();
  const { page, type, text } = readParams(params);
  const lang = currentLanguage();
  const query = useQuery(supportQueries.noticePage(lang, page, type, text));
  const go = (next: { page?: number; type?: SearchType; text?: string }) => {
    const p = { page, type, text, ...next };
    const sp = new URLSearchParams();
    if (p.page > 1) sp.set('page', String(p.page));
    if (p.text) {
      sp.set('type', String(p.type));
      sp.set('q', p.text);
    }
    setParams(sp);
  };
  const total = query.data?.page?.totalRecordSize ?? 0;
  const pages = query.data?.page?.pageCount ?? 1;
  const list = query.data?.list ?? [];

  return (
    <section className="page page-medium support-page" data-testid="notice-page" lang={i18n.language}>
      <h1 className="page-title">{t('notice.title')}</h1>
      <div className="support-toolbar">
        <p className="support-count" data-testid="notice-count">
          <span>{t('notice.total', { count: total })}</span>
          <span className="muted">{t('notice.pageOf', { page, pages })}</span>
        </p>
        <SearchBar type={type} text={text} onSearch={(ty, tx) => go({ page: 1, type: ty, text: tx })} />
      </div>
      <ListState loading={query.isPending} error={query.isError && !query.data} onRetry={() => void query.refetch()} />
      {query.data && list.length === 0 && (
        <div className="card empty-state" data-testid="notice-empty">
          <p>{text ? t('notice.noResult') : t('notice.empty')}</p>
        </div>
      )}
      {list.length > 0 && (
        <table className="support-table" data-testid="notice-table">
          <thead>
            <tr>
              <th scope="col" className="col-no">
                {t('notice.no')}
              </th>
              <th scope="col">{t('notice.subject')}</th>
              <th scope="col" className="col-date">
                {t('notice.date')}
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((n) => (
              <tr key={n.idx} className={n.listType === 2 ? 'is-pinned' : undefined} data-testid="notice-row">
                <td className="col-no">
                  {n.listType === 2 ? <span className="pinned-label">{t('notice.pinned')}</span> : n.no}
                </td>
                <td className="col-title">
                  <Link to={`/Notice/${n.idx}`} data-testid={`notice-link-${n.idx}`}>
                    {n.title}
                  </Link>
                </td>
                <td className="col-date">{n.createDate.slice(0, 10)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pagination pageNo={page} pageCount={pages} links={NOTICE_PAGE_LINKS} onChange={(p) => go({ page: p })} />
    </section>
  );
}
