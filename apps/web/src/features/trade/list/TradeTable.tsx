/**
 * The one table of the item page's trade lists (sales, offers, bids; spec 3 section 2): the section with its title
 * and an optional head action, the loading, failed and empty states, and the rows. Columns are data (a label and a
 * cell; the label doubles as the phone layout's `data-label`), the row's buttons come through `actions`, and a
 * column may carry a per-row state (`testId` on its cell). The popups a list opens are its children.
 */
import type { ReactNode } from 'react';
import { LoadState } from '../../../components/ui/LoadState';
import { shortHex } from '../../../lib/format';
import '../core/trade.css';
import { MemberLink } from '../../../components/ui/MemberName';

export interface TradeColumn<Row> {
  label: string;
  cell: (row: Row) => ReactNode;
  /** A test id on the cell itself (a per-row state label). */
  testId?: string;
}

interface ListQuery<Row> {
  data: readonly Row[] | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

interface Props<Row> {
  name: string;
  testId: string;
  title: string;
  /** With a head action the title sits in `<div className={head.className}>` beside it. */
  head?: { className: string; action: ReactNode };
  query: ListQuery<Row>;
  /** The list's texts: loading, failed, retry, empty, and the action column's hidden header. */
  text: (key: 'loading' | 'loadFailed' | 'retry' | 'empty' | 'action') => string;
  emptyTestId: string;
  columns: readonly TradeColumn<Row>[];
  /** The row's test id (also its key). */
  rowId: (row: Row) => string;
  /** Whether the row is the member's own (`data-own`). */
  own: (row: Row) => boolean;
  /** More data attributes of the row (`data-state`, `data-remain`…). */
  rowData: (row: Row) => Record<`data-${string}`, string | number>;
  actions: (row: Row) => ReactNode;
  children?: ReactNode;
}

export function TradeTable<Row>(p: Props<Row>) {
  const { query, text } = p;
  const titleId = `${p.name}-title`;
  const title = (
    <h2 className="panel-title" id={titleId}>
      {p.title}
    </h2>
  );
  const rows = query.data ?? [];
  return (
    <section className={`${p.name} card`} data-testid={p.testId} aria-labelledby={titleId}>
      {p.head ? (
        <div className={p.head.className}>
          {title}
          {p.head.action}
        </div>
      ) : (
        title
      )}
      {!query.data ? (
        <LoadState
          loading={query.isPending}
          error={query.isError}
          loadingText={text('loading')}
          errorText={text('loadFailed')}
          retryText={text('retry')}
          onRetry={() => void query.refetch()}
        />
      ) : rows.length === 0 ? (
        <p className="muted" data-testid={p.emptyTestId}>
          {text('empty')}
        </p>
      ) : (
        <div className="sales-table-wrap">
          <table className="sales-table">
            <thead>
              <tr>
                {p.columns.map((c) => (
                  <th scope="col" key={c.label}>
                    {c.label}
                  </th>
                ))}
                <th scope="col">
                  <span className="sr-only">{text('action')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={p.rowId(row)} data-testid={p.rowId(row)} data-own={p.own(row) ? '1' : '0'} {...p.rowData(row)}>
                  {p.columns.map((c) => (
                    <td data-label={c.label} data-testid={c.testId} key={c.label}>
                      {c.cell(row)}
                    </td>
                  ))}
                  <td className="sales-action">{p.actions(row)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {p.children}
    </section>
  );
}

/** Who placed a row: "mine" for the member, else the profile link, else the short address. */
export function PartyCell({
  own,
  name,
  address,
  mineText,
}: {
  own: boolean;
  name: string | null | undefined;
  address: string;
  mineText: string;
}) {
  if (own) return <span className="badge">{mineText}</span>;
  if (name) return <MemberLink name={name} address={address} />;
  return <span className="mono">{shortHex(address)}</span>;
}

/** The lists' date and time format in the page's language. */
export function listDateFormat(language: string | undefined, options: Intl.DateTimeFormatOptions) {
  return new Intl.DateTimeFormat(language?.startsWith('en') ? 'en' : 'ko', options);
}
