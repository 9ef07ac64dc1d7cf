/**
 * The profile tabs this feature owns, mounted by the profile pages:
 * - TransactionHistory (own: /nft/info/transaction/mine; other: /nft/info/transaction/other by memberIdx), with the
 *   history filters (the collection preselected from the route) and 'more';
 * - Loyalty (own only): royalties earned on the member's items, 20 a page with 'more'.
 */
import { formatTokenAmount } from '@att/shared';
import { useState, type JSX } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadState } from '../../components/ui/LoadState';
import { HistoryFilters } from './HistoryFilters';
import { HistoryList } from './HistoryList';
import { groupDigits } from './history-format';
import { defaultHistoryFilters, useHistoryList, useRoyaltyList, type HistoryFilterState } from './history-queries';

export function ProfileHistoryTab(props: { member: { memberIdx: number; userName: string; address: string }; mine: boolean; collectionIdx?: number }): JSX.Element {
  const [filters, setFilters] = useState<HistoryFilterState>(() => ({
    ...defaultHistoryFilters,
    filterCollection: props.collectionIdx ? [props.collectionIdx] : [],
  }));
  const query = useHistoryList(props.mine ? { kind: 'mine' } : { kind: 'other', memberIdx: props.member.memberIdx }, filters);
  return (
    <div className="profile-history" data-testid="profile-history">
      <HistoryFilters value={filters} onChange={setFilters} />
      <HistoryList query={query} />
    </div>
  );
}

export function ProfileLoyaltyTab(props: { collectionIdx?: number }): JSX.Element {
  const { t, i18n } = useTranslation('history');
  const query = useRoyaltyList(props.collectionIdx);
  const rows = query.data?.pages.flatMap((p) => p.list) ?? [];
  if (query.isPending || query.isError) {
    return (
      <LoadState
        loading={query.isPending && query.fetchStatus !== 'idle'}
        error={query.isError}
        loadingText={t('list.loading')}
        errorText={t('loyalty.loadFailed')}
        retryText={t('list.retry')}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (rows.length === 0) {
    return (
      <p className="empty-inline muted" data-testid="loyalty-empty">
        {t('loyalty.empty')}
      </p>
    );
  }
  const locale = i18n.language === 'ko' ? 'ko-KR' : 'en-US';
  return (
    <div className="history-list" data-testid="loyalty-list">
      <div className="history-scroll">
        <table className="history-table">
          <thead>
            <tr>
              <th scope="col">{t('columns.item')}</th>
              <th scope="col">{t('columns.price')}</th>
              <th scope="col">{t('columns.quantity')}</th>
              <th scope="col">{t('loyalty.royaltyPercent')}</th>
              <th scope="col">{t('loyalty.royalty')}</th>
              <th scope="col">{t('columns.date')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.historyIdx} className="history-row" data-testid="loyalty-row">
                <td data-label={t('columns.item')}>
                  <Link to={`/NftInfo/${r.itemIdx}`}>{r.itemName}</Link>
                </td>
                <td data-label={t('columns.price')}>{`${groupDigits(formatTokenAmount(BigInt(r.price)))} ${r.symbol}`}</td>
                <td data-label={t('columns.quantity')}>{r.amount.toLocaleString(locale)}</td>
                <td data-label={t('loyalty.royaltyPercent')}>{`${r.royaltyPercent}%`}</td>
                <td data-label={t('loyalty.royalty')}>{`${groupDigits(formatTokenAmount(BigInt(r.royalty)))} ${r.symbol}`}</td>
                <td data-label={t('columns.date')}>
                  <time dateTime={r.date}>{new Date(r.date).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' })}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {query.hasNextPage && (
        <div className="history-more">
          <button type="button" className="btn btn-outline" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage} data-testid="loyalty-more">
            {query.isFetchingNextPage ? t('list.loading') : t('list.more')}
          </button>
        </div>
      )}
    </div>
  );
}
