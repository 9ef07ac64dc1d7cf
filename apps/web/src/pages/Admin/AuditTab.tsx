import type { AuditEntry } from '@att/shared';
import { useTranslation } from 'react-i18next';
import { ConsoleToolbar, shortDate } from './admin-kit';
import { type Column, ConsoleTable, usePagedList } from './ConsoleTable';
import { MemberName } from '../../components/ui/MemberName';

const json = (v: unknown) => (v === null || v === undefined ? '—' : JSON.stringify(v, null, 2));

/** The audit log: who did what, when, with the values before and after. */
export function AuditTab() {
  const { t } = useTranslation('admin');
  const list = usePagedList('/admin/audit/list');
  const columns: Column<AuditEntry>[] = [
    { key: 'date', header: t('common.date'), className: 'small', cell: (a) => shortDate(a.createDate) },
    {
      key: 'operator',
      header: t('audit.operator'),
      className: 'small',
      cell: (a) => (a.operatorId ? <MemberName name={a.operatorId} /> : a.operator),
    },
    { key: 'action', header: t('audit.action'), className: 'mono small', cell: (a) => a.action },
    {
      key: 'target',
      header: t('audit.target'),
      className: 'mono small',
      cell: (a) => `${a.targetType} ${a.targetIdx}`,
    },
    {
      key: 'change',
      header: t('audit.change'),
      cell: (a) => (
        <details>
          <summary>{t('audit.change')}</summary>
          <div className="admin-diff">
            <div>
              <span className="section-label">{t('audit.before')}</span>
              <pre>{json(a.before)}</pre>
            </div>
            <div>
              <span className="section-label">{t('audit.after')}</span>
              <pre>{json(a.after)}</pre>
            </div>
          </div>
        </details>
      ),
    },
  ];
  return (
    <div className="admin-tab">
      <ConsoleToolbar search={{ testId: 'admin-audit', onSearch: list.search }} />
      <ConsoleTable
        columns={columns}
        rowKey={(a) => a.auditIdx}
        testId="admin-audit-table"
        rowTestId="admin-audit-row"
        {...list.tableProps}
      />
    </div>
  );
}
