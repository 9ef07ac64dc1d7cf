import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../lib/api-query';
import { ADMIN_PAGE_SIZE, AdminSearch, TableFooter, shortDate, useAuthFields } from './admin-kit';

const json = (v: unknown) => (v === null || v === undefined ? '—' : JSON.stringify(v, null, 2));

/** The audit log: who did what, when, with the values before and after. */
export function AuditTab() {
  const { t } = useTranslation('admin');
  const auth = useAuthFields();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const list = useQuery({
    queryKey: ['admin', 'audit', page, search],
    queryFn: () => apiQuery('/admin/audit/list', { ...auth, pageNo: page, pageSize: ADMIN_PAGE_SIZE, searchText: search }),
    placeholderData: keepPreviousData,
  });
  return (
    <div className="admin-tab">
      <div className="admin-toolbar">
        <AdminSearch testId="admin-audit" onSearch={(s) => { setSearch(s); setPage(1); }} />
      </div>
      <div className="admin-table-wrap">
        <table className="admin-table" data-testid="admin-audit-table">
          <thead>
            <tr>
              <th>{t('common.date')}</th>
              <th>{t('audit.operator')}</th>
              <th>{t('audit.action')}</th>
              <th>{t('audit.target')}</th>
              <th>{t('audit.change')}</th>
            </tr>
          </thead>
          <tbody>
            {(list.data?.list ?? []).map((a) => (
              <tr key={a.auditIdx} data-testid="admin-audit-row">
                <td className="small">{shortDate(a.createDate)}</td>
                <td className="small">{a.operatorId ?? a.operator}</td>
                <td className="mono small">{a.action}</td>
                <td className="mono small">
                  {a.targetType} {a.targetIdx}
                </td>
                <td>
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
