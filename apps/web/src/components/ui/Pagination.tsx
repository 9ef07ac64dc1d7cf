import { pageGroup } from '@att/shared';
import { useTranslation } from 'react-i18next';

/**
 * Numbered pagination: first, previous, a group of `links` page numbers, next, last. Previous/next move one
 * page. Buttons carry `page-<n>` test ids; the current page has aria-current.
 */
export function Pagination({
  pageNo,
  pageCount,
  links,
  onChange,
}: {
  pageNo: number;
  pageCount: number;
  links: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation('support');
  if (pageCount <= 1) return null;
  const pages = pageGroup(pageNo, pageCount, links);
  const go = (p: number) => () => onChange(Math.min(Math.max(1, p), pageCount));
  return (
    <nav className="pagination" aria-label={t('pagination.label')} data-testid="pagination">
      <button
        type="button"
        className="page-btn"
        onClick={go(1)}
        disabled={pageNo <= 1}
        aria-label={t('pagination.first')}
      >
        «
      </button>
      <button
        type="button"
        className="page-btn"
        onClick={go(pageNo - 1)}
        disabled={pageNo <= 1}
        aria-label={t('pagination.prev')}
      >
        ‹
      </button>
      {pages.map((p) => (
        <button
          type="button"
          key={p}
          className={`page-btn ${p === pageNo ? 'is-current' : ''}`}
          aria-current={p === pageNo ? 'page' : undefined}
          aria-label={t('pagination.page', { page: p })}
          data-testid={`page-${p}`}
          onClick={go(p)}
        >
          {p}
        </button>
      ))}
      <button
        type="button"
        className="page-btn"
        onClick={go(pageNo + 1)}
        disabled={pageNo >= pageCount}
        aria-label={t('pagination.next')}
      >
        ›
      </button>
      <button
        type="button"
        className="page-btn"
        onClick={go(pageCount)}
        disabled={pageNo >= pageCount}
        aria-label={t('pagination.last')}
      >
        »
      </button>
    </nav>
  );
}
