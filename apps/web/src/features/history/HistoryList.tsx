/**
 * A history list with its states: loading, failed (retry), empty, the table of rows, and 'more' appending the next
 * page. Used by the transaction feed, the profile TransactionHistory tab and (later) the item page.
 */
import type { HistoryRow } from '@att/shared';
import type { UseInfiniteQueryResult, InfiniteData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFrontConfig } from '../../lib/config';
import { HistoryRowView } from './HistoryRowView';
import type { HistoryPageData } from './history-queries';
import { PagedTable } from './PagedTable';

export function HistoryList({ query }: { query: UseInfiniteQueryResult<InfiniteData<HistoryPageData<HistoryRow>>> }) {
  const { t, i18n } = useTranslation('history');
  const front = useFrontConfig();
  const config = { cdnUrl: front.data?.cdnUrl, klayScanUrl: front.data?.klayScanUrl };
  return (
    <PagedTable
      query={query}
      name="history"
      errorText={t('list.loadFailed')}
      emptyText={t('list.empty')}
      head={(['event', 'item', 'price', 'quantity', 'from', 'to', 'date', 'tx'] as const).map((c) => (
        <th key={c} scope="col">
          {t(`columns.${c}`)}
        </th>
      ))}
      row={(row) => <HistoryRowView key={row.historyIdx} row={row} config={config} lang={i18n.language} />}
    />
  );
}
