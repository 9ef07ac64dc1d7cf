/**
 * /Ranking and /Rankings: the collection ranking (spec 2): rank, collection, total volume, 7-day volume, 7-day
 * change, average price (USD), owners, items. The dropdown offers total volume and 7-day change; every header
 * sorts (again: the other direction). 100 a page with numbered pages beyond. On a phone the table scrolls sideways.
 */
import { RANK_DROPDOWN_COLUMNS, RankColumn, RankOrder, type RankingRow } from '@att/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadState } from '../../components/ui/LoadState';
import { Pagination } from '../../components/ui/Pagination';
import { formatChange } from '../../features/history/history-format';
import { formatUsd } from '../../lib/format';
import { useRanking } from '../../features/history/history-queries';
import { useCdn } from '../../lib/config';

const COLUMNS = [
  RankColumn.TotalVolume,
  RankColumn.WeekVolume,
  RankColumn.WeekChange,
  RankColumn.AveragePrice,
  RankColumn.Owners,
  RankColumn.Items,
] as const;

function cell(row: RankingRow, column: number, locale: string): string {
  switch (column) {
    case RankColumn.TotalVolume:
      return formatUsd(row.totalTrade);
    case RankColumn.WeekVolume:
      return formatUsd(row.weekTrade);
    case RankColumn.WeekChange:
      return row.weekChange === null ? '-' : formatChange(row.weekChange);
    case RankColumn.AveragePrice:
      return formatUsd(row.averagePrice);
    case RankColumn.Owners:
      return row.owners.toLocaleString(locale);
    default:
      return row.itemCount.toLocaleString(locale);
  }
}

export function Ranking() {
  const { t, i18n } = useTranslation('history');
  const cdn = useCdn();
  const [column, setColumn] = useState<number>(RankColumn.TotalVolume);
  const [order, setOrder] = useState<number>(RankOrder.Desc);
  const [pageNo, setPageNo] = useState(1);
  const ranking = useRanking(pageNo, column, order);
  const locale = i18n.language === 'ko' ? 'ko-KR' : 'en-US';
  const label = (c: number) => t(`ranking.col${c}` as 'ranking.col1');

  const sortBy = (c: number) => {
    setOrder(c === column && order === RankOrder.Desc ? RankOrder.Asc : RankOrder.Desc);
    setColumn(c);
    setPageNo(1);
  };
  const rows = ranking.data?.list ?? [];

  return (
    <section className="page ranking-page" data-testid="ranking-page">
      <div className="page-head">
        <div>
          <h1 className="page-title">{t('ranking.title')}</h1>
          <p className="muted">{t('ranking.lead')}</p>
        </div>
        <label className="ranking-order">
          <span>{t('ranking.orderBy')}</span>
          <select
            value={RANK_DROPDOWN_COLUMNS.includes(column as 1 | 3) ? column : ''}
            onChange={(e) => {
              setColumn(Number(e.target.value));
              setOrder(RankOrder.Desc);
              setPageNo(1);
            }}
            data-testid="ranking-order"
          >
            {!RANK_DROPDOWN_COLUMNS.includes(column as 1 | 3) && <option value="">{label(column)}</option>}
            {RANK_DROPDOWN_COLUMNS.map((c) => (
              <option key={c} value={c}>
                {label(c)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {!ranking.data ? (
        <LoadState
          loading={ranking.isPending}
          error={ranking.isError}
          loadingText={t('ranking.loading')}
          errorText={t('ranking.loadFailed')}
          retryText={t('ranking.retry')}
          onRetry={() => void ranking.refetch()}
        />
      ) : rows.length === 0 ? (
        <p className="empty-inline muted" data-testid="ranking-empty">
          {t('ranking.empty')}
        </p>
      ) : (
        <>
          <div className="history-scroll ranking-scroll" tabIndex={0} aria-label={t('ranking.title')}>
            <table className="ranking-table" data-testid="ranking-table" aria-busy={ranking.isFetching}>
              <thead>
                <tr>
                  <th scope="col" className="ranking-no">
                    {t('ranking.no')}
                  </th>
                  <th scope="col">{t('ranking.collection')}</th>
                  {COLUMNS.map((c) => (
                    <th
                      key={c}
                      scope="col"
                      aria-sort={c === column ? (order === RankOrder.Desc ? 'descending' : 'ascending') : 'none'}
                      className="ranking-num"
                    >
                      <button
                        type="button"
                        className="sort-btn"
                        onClick={() => sortBy(c)}
                        aria-label={t('ranking.sortBy', { column: label(c) })}
                        data-testid={`ranking-sort-${c}`}
                      >
                        {label(c)}
                        <span aria-hidden="true" className="sort-mark">
                          {c === column ? (order === RankOrder.Desc ? '▼' : '▲') : '↕'}
                        </span>
                      </button>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => {
                  const logo = cdn('logo', r.collectionFileName);
                  return (
                    <tr key={r.collectionIdx} data-testid="ranking-row" data-collection-idx={r.collectionIdx}>
                      <td className="ranking-no">{r.no}</td>
                      <td>
                        <Link to={`/Collection/${r.collectionIdx}`} className="ranking-collection">
                          {logo ? (
                            <img src={logo} alt="" width={36} height={36} loading="lazy" />
                          ) : (
                            <span className="ranking-logo" />
                          )}
                          <span>{r.collectionName}</span>
                        </Link>
                      </td>
                      {COLUMNS.map((c) => (
                        <td
                          key={c}
                          className={`ranking-num${c === RankColumn.WeekChange && r.weekChange ? (r.weekChange.startsWith('-') ? ' down' : r.weekChange === '0' ? '' : ' up') : ''}`}
                          data-testid={`ranking-cell-${c}`}
                        >
                          {cell(r, c, locale)}
                        </td>
                      ))}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <Pagination pageNo={pageNo} pageCount={ranking.data.pageCount} links={10} onChange={setPageNo} />
        </>
      )}
    </section>
  );
}
