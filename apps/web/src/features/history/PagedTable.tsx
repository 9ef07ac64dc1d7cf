/**
 * A paged table with its states: loading, failed (retry), empty, the rows, and 'more' appending the next page.
 * The history list and the loyalty tab are two uses; test ids are `{name}-list`, `{name}-empty`, `{name}-more`.
 */
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadState } from '../../components/ui/LoadState';
import type { HistoryPageData } from './history-queries';

export interface PagedTableProps<Row> {
  query: UseInfiniteQueryResult<InfiniteData<HistoryPageData<Row>>>;
  name: string;
  errorText: string;
  emptyText: string;
  /** The header cells (`<th scope="col">`). */
  head: ReactNode;
  row: (row: Row) => ReactNode;
}

export function PagedTable<Row>({ query, name, errorText, emptyText, head, row }: PagedTableProps<Row>) {
  const { t } = useTranslation('history');
  const rows = query.data?.pages.flatMap((p) => p.list) ?? [];
  if (query.isPending || query.isError) {
    return (
      <LoadState
        loading={query.isPending && query.fetchStatus !== 'idle'}
        error={query.isError}
        loadingText={t('list.loading')}
        errorText={errorText}
        retryText={t('list.retry')}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (rows.length === 0) {
    return (
      <p className="empty-inline muted" data-testid={`${name}-empty`}>
        {emptyText}
      </p>
    );
  }
  return (
    <div className="history-list" data-testid={`${name}-list`}>
      <div className="history-scroll">
        <table className="history-table">
          <thead>
            <tr>{head}</tr>
          </thead>
          <tbody>{rows.map(row)}</tbody>
        </table>
      </div>
      {query.hasNextPage && (
        <div className="history-more">
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
            data-testid={`${name}-more`}
          >
            {query.isFetchingNextPage ? t('list.loading') : t('list.more')}
          </button>
        </div>
      )}
    </div>
  );
}
