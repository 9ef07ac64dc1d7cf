/** Small pieces every console tab shares: the operator's auth fields, a search box, a paged-table footer. */
import { ADMIN_PAGE_SIZE } from '@att/shared';
import { type FormEvent, useState } from 'react';
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
