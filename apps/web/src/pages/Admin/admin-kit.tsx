/** Small pieces every console tab shares: the operator's auth fields, the toolbar and its search box, a paged-table footer. */
import { ADMIN_PAGE_SIZE } from '@att/shared';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../components/ui/Pagination';
import { useSession } from '../../lib/session';

export { ADMIN_PAGE_SIZE };
export const ADMIN_PAGE_LINKS = 10;

/** id + ticketId of the signed-in operator (the console renders only when both exist). */
export function useAuthFields(): { id: string; ticketId: string } {
  const s = useSession();
  return { id: s.id ?? '', ticketId: s.ticket ?? '' };
}

export function AdminSearch({ onSearch, testId }: { onSearch: (text: string) => void; testId: string }) {
  const { t } = useTranslation('admin');
  const [text, setText] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form className="admin-search" role="search" onSubmit={submit}>
      <input
        type="search"
        value={text}
        maxLength={100}
        onChange={(e) => setText(e.target.value)}
        aria-label={t('common.search')}
        data-testid={`${testId}-search`}
      />
      <button type="submit" className="btn btn-outline">
        {t('common.search')}
      </button>
    </form>
  );
}

/**
 * A tab's toolbar: the search box, the tab's filters (`children`; an empty start when there are none), and the New
 * button when the tab adds rows.
 */
export function ConsoleToolbar({
  search,
  onNew,
  newTestId,
  newDisabled,
  children,
}: {
  search?: { testId: string; onSearch: (text: string) => void };
  onNew?: () => void;
  newTestId?: string;
  newDisabled?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <div className="admin-toolbar">
      {search ? <AdminSearch testId={search.testId} onSearch={search.onSearch} /> : !children && <span />}
      {children}
      {onNew && (
        <button
          type="button"
          className="btn btn-primary"
          disabled={newDisabled}
          onClick={onNew}
          data-testid={newTestId}
        >
          {t('common.new')}
        </button>
      )}
    </div>
  );
}

/** A labelled filter of a console list; `options` are [value, text] pairs. */
export function FilterSelect({
  label,
  value,
  onChange,
  options,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: [string, string][];
  testId: string;
}) {
  return (
    <label className="admin-inline">
      <span>{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

export function TableFooter({
  total,
  pageNo,
  pageCount,
  onPage,
}: {
  total: number;
  pageNo: number;
  pageCount: number;
  onPage: (p: number) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <div className="admin-table-footer">
      <span className="muted small">{t('common.total', { count: total })}</span>
      <Pagination pageNo={pageNo} pageCount={pageCount} links={ADMIN_PAGE_LINKS} onChange={onPage} />
    </div>
  );
}

export const shortDate = (iso: string) => iso.slice(0, 16).replace('T', ' ');
