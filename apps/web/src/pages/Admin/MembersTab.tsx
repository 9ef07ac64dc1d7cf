import type { AdminMember } from '@att/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { popups } from '../../features/popups/popup-store';
import { apiQuery, useApiCall } from '../../lib/api-query';
import { ADMIN_PAGE_SIZE, AdminSearch, TableFooter, shortDate, useAuthFields } from './admin-kit';

/** Member search (name, address, e-mail) and block / unblock. */
export function MembersTab() {
  const { t } = useTranslation('admin');
  const auth = useAuthFields();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const list = useQuery({
    queryKey: ['admin', 'members', page, search],
    queryFn: () => apiQuery('/admin/member/list', { ...auth, pageNo: page, pageSize: ADMIN_PAGE_SIZE, searchText: search }),
    placeholderData: keepPreviousData,
  });
  const block = useApiCall('/admin/member/block', {
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['admin', 'members'] }),
  });
  const toggle = (m: AdminMember) => {
    const blocking = m.state !== 'blocked';
    popups.confirm(t(blocking ? 'members.blockConfirm' : 'members.unblockConfirm', { id: m.id }), () =>
      block.run({ ...auth, memberIdx: m.memberIdx, block: blocking ? 1 : 0 }),
    );
  };
  return (
    <div className="admin-tab">
      <div className="admin-toolbar">
        <AdminSearch testId="admin-members" onSearch={(s) => { setSearch(s); setPage(1); }} />
      </div>
      <div className="admin-table-wrap">
        <table className="admin-table" data-testid="admin-member-table">
          <thead>
            <tr>
              <th>#</th>
              <th>{t('members.id')}</th>
              <th>{t('members.address')}</th>
              <th>{t('members.email')}</th>
              <th>{t('common.state')}</th>
              <th>{t('members.joined')}</th>
              <th>{t('common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {(list.data?.list ?? []).map((m) => (
              <tr key={m.memberIdx} data-testid="admin-member-row">
                <td>{m.memberIdx}</td>
                <td>{m.id}</td>
                <td className="mono small">{m.address}</td>
                <td className="small">{m.email}</td>
                <td data-testid="admin-member-state">{t(`members.states.${m.state}`)}</td>
                <td className="small">{shortDate(m.createDate)}</td>
                <td>
                  {m.state !== 'deleted' && (
                    <button type="button" className={`btn btn-sm ${m.state === 'blocked' ? 'btn-outline' : 'btn-danger'}`} onClick={() => toggle(m)} data-testid={`admin-member-block-${m.memberIdx}`}>
                      {m.state === 'blocked' ? t('members.unblock') : t('members.block')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {list.data?.list?.length === 0 && <p className="empty-state">{t('common.empty')}</p>}
      </div>
      <TableFooter total={list.data?.page?.totalRecordSize ?? 0} pageNo={page} pageCount={list.data?.page?.pageCount ?? 1} onPage={setPage} />
    </div>
  );
}
