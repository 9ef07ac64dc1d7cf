/**
 * A history list with its states: loading, failed (retry), empty, the table of rows, and 'more' appending the next
 * page. Used by the transaction feed, the profile TransactionHistory tab and (later) the item page.
 */
import type { HistoryRow } from '@att/shared';
import type { UseInfiniteQueryResult, InfiniteData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadState } from '../../components/ui/LoadState';
import { useFrontConfig } from '../../lib/config';
import { HistoryRowView } from './HistoryRowView';
import type { HistoryPageData } from './history-queries';

export function HistoryList({ query }: { query: UseInfiniteQueryResult<InfiniteData<HistoryPageData<HistoryRow>>> }) {
  const { t, i18n } = useTranslation('history');
  const front = useFrontConfig();
  const config = { cdnUrl: front.data?.cdnUrl, klayScanUrl: front.data?.klayScanUrl };
  const rows = query.data?.pages.flatMap((p) => p.list) ?? [];
  if (query.isPending || query.isError) {
    return (
      <LoadState
        loading={query.isPending && query.fetchStatus !== 'idle'}
        error={query.isError}
        loadingText={t('list.loading')}
        errorText={t('list.loadFailed')}
        retryText={t('list.retry')}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (rows.length === 0) {
    return (
      <p className="empty-inline muted" data-testid="history-empty">
        {t('list.empty')}
      </p>
    );
  }
  return (
    <div className="history-list" data-testid="history-list">
      <div className="history-scroll">
        <table className="history-table">
          <thead>
            <tr>
              {(['event', 'item', 'price', 'quantity', 'from', 'to', 'date', 'tx'] as const).map((c) => (
                <th key={c} scope="col">
                  {t(`columns.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <HistoryRowView key={row.historyIdx} row={row} config={config} lang={i18n.language} />
            ))}
          </tbody>
        </table>
      </div>
      {query.hasNextPage && (
        <div className="history-more">
          <button type="button" className="btn btn-outline" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage} data-testid="history-more">
            {query.isFetchingNextPage ? t('list.loading') : t('list.more')}
          </button>
        </div>
      )}
    </div>
  );
}
