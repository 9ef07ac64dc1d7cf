/**
 * The one console table: columns as data, rows, and the states every console list has (loading, failed with a
 * retry, empty), with the total and the page links under it. `usePagedList` is the paging, search and query of
 * one `/admin/.../list` route, so a tab only says which route and which extra filters.
 */
import type { RoutePath, RouteReply } from '@att/shared';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/Spinner';
import { TableFooter, useAuthFields } from './admin-kit';
import { adminQueries } from './admin-queries';

export interface Column<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  className?: string;
}

export interface TablePage {
  total: number;
  pageNo: number;
  pageCount: number;
  onPage: (p: number) => void;
}

export function ConsoleTable<T>({
  columns,
  rows,
  rowKey,
  testId,
  rowTestId,
  loading = false,
  error = false,
  onRetry,
  page,
}: {
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string | number;
  testId: string;
  rowTestId?: string;
  loading?: boolean;
  error?: boolean;
  onRetry?: () => void;
  page?: TablePage;
}) {
  const { t } = useTranslation('admin');
  const list = rows ?? [];
  return (
    <>
      <div className="admin-table-wrap" aria-busy={loading}>
        <table className="admin-table" data-testid={testId}>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.key}>{c.header}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {list.map((row) => (
              <tr key={rowKey(row)} data-testid={rowTestId}>
                {columns.map((c) => (
                  <td key={c.key} className={c.className}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {error ? (
          <div className="empty-state" role="alert" data-testid={`${testId}-error`}>
            <p>{t('common.loadFailed')}</p>
            {onRetry && (
              <button type="button" className="btn btn-outline btn-sm" onClick={onRetry}>
                {t('common.retry')}
              </button>
            )}
          </div>
        ) : loading && list.length === 0 ? (
          <div className="empty-state" data-testid={`${testId}-loading`}>
            <Spinner />
          </div>
        ) : (
          list.length === 0 && (
            <p className="empty-state" data-testid={`${testId}-empty`}>
              {t('common.empty')}
            </p>
          )
        )}
      </div>
      {page && <TableFooter total={page.total} pageNo={page.pageNo} pageCount={page.pageCount} onPage={page.onPage} />}
    </>
  );
}

type Listed<P extends RoutePath> = RouteReply<P> extends { list?: (infer R)[] } ? R : never;

/** Page, search and query of one console list route; `extra` holds the tab's filters (a change starts at page 1). */
export function usePagedList<P extends RoutePath>(path: P, extra: Record<string, unknown> = {}) {
  const auth = useAuthFields();
  const [pageNo, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const query = useQuery(adminQueries.listPage(path, auth, pageNo, search, extra));
  const reply = query.data as { list?: Listed<P>[]; page?: { totalRecordSize: number; pageCount: number } } | undefined;
  return {
    query,
    rows: reply?.list,
    setPage,
    search: (text: string) => {
      setSearch(text);
      setPage(1);
    },
    /** Props for ConsoleTable: the rows, the loading/error states and the page footer. */
    tableProps: {
      rows: reply?.list,
      loading: query.isFetching,
      error: query.isError,
      onRetry: () => void query.refetch(),
      page: {
        total: reply?.page?.totalRecordSize ?? 0,
        pageNo,
        pageCount: reply?.page?.pageCount ?? 1,
        onPage: setPage,
      },
    },
  };
}
