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
import { HistoryFilters } from './HistoryFilters';
import { HistoryList } from './HistoryList';
import { PagedTable } from './PagedTable';
import { groupDigits } from '../../lib/format';
import { defaultHistoryFilters, useHistoryList, useRoyaltyList, type HistoryFilterState } from './history-queries';

export function ProfileHistoryTab(props: {
  member: { memberIdx: number; userName: string; address: string };
  mine: boolean;
  collectionIdx?: number;
}): JSX.Element {
  const [filters, setFilters] = useState<HistoryFilterState>(() => ({
    ...defaultHistoryFilters,
    filterCollection: props.collectionIdx ? [props.collectionIdx] : [],
  }));
  const query = useHistoryList(
    props.mine ? { kind: 'mine' } : { kind: 'other', memberIdx: props.member.memberIdx },
    filters,
  );
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
  const locale = i18n.language === 'ko' ? 'ko-KR' : 'en-US';
  const columns = [
    'columns.item',
    'columns.price',
    'columns.quantity',
    'loyalty.royaltyPercent',
    'loyalty.royalty',
    'columns.date',
  ] as const;
  return (
    <PagedTable
      query={query}
      name="loyalty"
      errorText={t('loyalty.loadFailed')}
      emptyText={t('loyalty.empty')}
      head={columns.map((c) => (
        <th key={c} scope="col">
          {t(c)}
        </th>
      ))}
      row={(r) => (
        <tr key={r.historyIdx} className="history-row" data-testid="loyalty-row">
          <td data-label={t('columns.item')}>
            <Link to={`/NftInfo/${r.itemIdx}`}>{r.itemName}</Link>
          </td>
          <td data-label={t('columns.price')}>{`${groupDigits(formatTokenAmount(BigInt(r.price)))} ${r.symbol}`}</td>
          <td data-label={t('columns.quantity')}>{r.amount.toLocaleString(locale)}</td>
          <td data-label={t('loyalty.royaltyPercent')}>{`${r.royaltyPercent}%`}</td>
          <td
            data-label={t('loyalty.royalty')}
          >{`${groupDigits(formatTokenAmount(BigInt(r.royalty)))} ${r.symbol}`}</td>
          <td data-label={t('columns.date')}>
            <time dateTime={r.date}>
              {new Date(r.date).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' })}
            </time>
          </td>
        </tr>
      )}
    />
  );
}
