import { adminKeys } from './admin-queries';
import type { AdminMember } from '@att/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { popups } from '../../features/popups/popup-store';
import { useApiCall } from '../../lib/api';
import { ConsoleToolbar, shortDate, useAuthFields } from './admin-kit';
import { type Column, ConsoleTable, usePagedList } from './ConsoleTable';
import { MemberName } from '../../components/ui/MemberName';
import { InactiveMembersSetting } from './InactiveMembersSetting';

/** The inactive-member switch, member search (name, address, e-mail) and block / unblock. */
export function MembersTab() {
  const { t } = useTranslation('admin');
  const auth = useAuthFields();
  const queryClient = useQueryClient();
  const list = usePagedList('/admin/member/list');
  const block = useApiCall('/admin/member/block', {
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.list('/admin/member/list') }),
  });
  const toggle = (m: AdminMember) => {
    const blocking = m.state !== 'blocked';
    popups.confirm(t(blocking ? 'members.blockConfirm' : 'members.unblockConfirm', { id: m.id }), () =>
      block.run({ ...auth, memberIdx: m.memberIdx, block: blocking ? 1 : 0 }),
    );
  };
  const columns: Column<AdminMember>[] = [
    { key: 'idx', header: '#', cell: (m) => m.memberIdx },
    { key: 'id', header: t('members.id'), cell: (m) => <MemberName name={m.id} /> },
    { key: 'address', header: t('members.address'), className: 'mono small', cell: (m) => m.address },
    { key: 'email', header: t('members.email'), className: 'small', cell: (m) => m.email },
    {
      key: 'state',
      header: t('common.state'),
      cell: (m) => <span data-testid="admin-member-state">{t(`members.states.${m.state}`)}</span>,
    },
    { key: 'joined', header: t('members.joined'), className: 'small', cell: (m) => shortDate(m.createDate) },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (m) =>
        m.state !== 'deleted' && (
          <button
            type="button"
            className={`btn btn-sm ${m.state === 'blocked' ? 'btn-outline' : 'btn-danger'}`}
            onClick={() => toggle(m)}
            data-testid={`admin-member-block-${m.memberIdx}`}
          >
            {m.state === 'blocked' ? t('members.unblock') : t('members.block')}
          </button>
        ),
    },
  ];
  return (
    <div className="admin-tab">
      <InactiveMembersSetting />
      <ConsoleToolbar search={{ testId: 'admin-members', onSearch: list.search }} />
      <ConsoleTable
        columns={columns}
        rowKey={(m) => m.memberIdx}
        testId="admin-member-table"
        rowTestId="admin-member-row"
        {...list.tableProps}
      />
    </div>
  );
}
