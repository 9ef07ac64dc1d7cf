import { ReportState, ReportType } from '@att/shared';
import { adminKeys } from './admin-queries';
import type { AdminReport } from '@att/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { popups } from '../../features/popups/popup-store';
import { useApiCall } from '../../lib/api';
import { AdminSearch, ConsoleToolbar, FilterSelect, shortDate, useAuthFields } from './admin-kit';
import { RowButton } from './ConsoleEditor';
import { type Column, ConsoleTable, usePagedList } from './ConsoleTable';
import { MemberName } from '../../components/ui/MemberName';

const TARGET_LINK: Record<number, (idx: number) => string> = {
  1: (idx) => `/Collection/${idx}`,
  3: (idx) => `/NftInfo/${idx}`,
};

/** The report queue: open reports first; hide the item or collection, block the member, or dismiss. */
export function ReportsTab() {
  const { t, i18n } = useTranslation('admin');
  const auth = useAuthFields();
  const queryClient = useQueryClient();
  const [state, setState] = useState<number | undefined>(0);
  const list = usePagedList('/admin/report/list', state === undefined ? {} : { state });
  const handle = useApiCall('/admin/report/handle', {
    onSuccess: () => {
      popups.ok(t('reports.done'));
      void queryClient.invalidateQueries({ queryKey: adminKeys.list('/admin/report/list') });
    },
  });
  const act = (r: AdminReport, action: 'hide' | 'block' | 'dismiss') =>
    popups.confirm(t(`reports.confirm.${action}`, { name: r.targetName ?? `#${r.targetIdx}` }), () =>
      handle.run({ ...auth, reportIdx: r.reportIdx, action }),
    );
  const columns: Column<AdminReport>[] = [
    { key: 'idx', header: '#', cell: (r) => r.reportIdx },
    { key: 'date', header: t('common.date'), className: 'small', cell: (r) => shortDate(r.createDate) },
    { key: 'type', header: t('reports.type'), cell: (r) => t(`reports.types.${r.type as 1 | 2 | 3}`) },
    {
      key: 'target',
      header: t('reports.target'),
      cell: (r) => {
        const link = TARGET_LINK[r.type];
        const name = r.targetName ?? `#${r.targetIdx}`;
        return (
          <>
            {link ? <Link to={link(r.targetIdx)}>{name}</Link> : name}
            {r.targetHidden && (
              <span className="badge admin-badge-muted">
                {t(r.type === ReportType.Member ? 'reports.blocked' : 'reports.hidden')}
              </span>
            )}
          </>
        );
      },
    },
    {
      key: 'category',
      header: t('reports.category'),
      className: 'small',
      cell: (r) => (i18n.language === 'en' ? r.categoryNameEn : r.categoryName),
    },
    { key: 'message', header: t('reports.message'), className: 'small admin-cell-text', cell: (r) => r.message },
    {
      key: 'reporter',
      header: t('reports.reporter'),
      className: 'small',
      cell: (r) => <MemberName name={r.reporterId} />,
    },
    {
      key: 'state',
      header: t('common.state'),
      cell: (r) => <span data-testid="admin-report-state">{t(`reports.states.${r.state as 0 | 1 | 2}`)}</span>,
    },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (r) =>
        r.state === ReportState.Open && (
          <div className="button-row admin-actions">
            {r.type !== ReportType.Member ? (
              <RowButton
                danger
                disabled={handle.busy}
                onClick={() => act(r, 'hide')}
                testId={`admin-report-hide-${r.reportIdx}`}
              >
                {t(r.type === ReportType.Collection ? 'reports.hideCollection' : 'reports.hideItem')}
              </RowButton>
            ) : (
              <RowButton
                danger
                disabled={handle.busy}
                onClick={() => act(r, 'block')}
                testId={`admin-report-block-${r.reportIdx}`}
              >
                {t('reports.blockMember')}
              </RowButton>
            )}
            <RowButton
              disabled={handle.busy}
              onClick={() => act(r, 'dismiss')}
              testId={`admin-report-dismiss-${r.reportIdx}`}
            >
              {t('reports.dismiss')}
            </RowButton>
          </div>
        ),
    },
  ];
  return (
    <div className="admin-tab">
      <ConsoleToolbar>
        <FilterSelect
          label={t('reports.filter')}
          value={state === undefined ? '' : String(state)}
          onChange={(v) => {
            setState(v === '' ? undefined : Number(v));
            list.setPage(1);
          }}
          options={[
            ['', t('reports.all')],
            ['0', t('reports.states.0')],
            ['1', t('reports.states.1')],
            ['2', t('reports.states.2')],
          ]}
          testId="admin-report-state-filter"
        />
        <AdminSearch testId="admin-reports" onSearch={list.search} />
      </ConsoleToolbar>
      <ConsoleTable
        columns={columns}
        rowKey={(r) => r.reportIdx}
        testId="admin-report-table"
        rowTestId="admin-report-row"
        {...list.tableProps}
      />
    </div>
  );
}
