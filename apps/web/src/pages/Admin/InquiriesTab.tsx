import type { AdminInquiry } from '@att/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SafeHtml } from '../../components/ui/SafeHtml';
import { popups } from '../../features/popups/popup-store';
import { apiQuery, useApiCall } from '../../lib/api-query';
import { ADMIN_PAGE_SIZE, AdminSearch, TableFooter, shortDate, useAuthFields } from './admin-kit';
import { HtmlField } from './HtmlField';

export function InquiriesTab() {
  const { t } = useTranslation('admin');
  const auth = useAuthFields();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [state, setState] = useState<0 | 1 | undefined>(0);
  const [open, setOpen] = useState<AdminInquiry | null>(null);
  const [reply, setReply] = useState('');
  const list = useQuery({
    queryKey: ['admin', 'inquiries', page, search, state],
    queryFn: () => apiQuery('/admin/inquiry/list', { ...auth, pageNo: page, pageSize: ADMIN_PAGE_SIZE, searchText: search, state }),
    placeholderData: keepPreviousData,
  });
  const send = useApiCall('/admin/inquiry/reply', {
    onSuccess: () => {
      setOpen(null);
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
      popups.ok(t('inquiries.sent'));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (open && !send.busy) send.run({ ...auth, inquiryIdx: open.inquiryIdx, reply });
  };
  const choose = (q: AdminInquiry) => {
    setOpen(q);
    setReply(q.reply ?? '');
  };

  return (
    <div className="admin-tab">
      <div className="admin-toolbar">
        <AdminSearch testId="admin-inquiries" onSearch={(s) => { setSearch(s); setPage(1); }} />
        <label className="admin-inline">
          <span>{t('inquiries.filter')}</span>
          <select
            value={state === undefined ? 'all' : String(state)}
            onChange={(e) => { setState(e.target.value === 'all' ? undefined : e.target.value === '1' ? 1 : 0); setPage(1); }}
            data-testid="admin-inquiry-filter"
          >
            <option value="0">{t('inquiries.waiting')}</option>
            <option value="1">{t('inquiries.answered')}</option>
            <option value="all">{t('inquiries.all')}</option>
          </select>
        </label>
      </div>
      {open && (
        <form className="card form admin-editor" onSubmit={submit} data-testid="admin-inquiry-editor">
          <h2 className="panel-title">{open.title}</h2>
          <p className="muted small">
            {open.memberId} · {shortDate(open.createDate)}
          </p>
          <p className="inquiry-message">{open.message}</p>
          <HtmlField label={t('inquiries.reply')} value={reply} onChange={setReply} testId="admin-inquiry-reply" />
          <div className="form-actions">
            <button type="button" className="btn btn-outline" onClick={() => setOpen(null)}>
              {t('common.cancel')}
            </button>
            <button type="submit" className="btn btn-primary" disabled={send.busy || !reply.trim()} data-testid="admin-inquiry-send">
              {t('inquiries.send')}
            </button>
          </div>
        </form>
      )}
      <div className="admin-table-wrap">
        <table className="admin-table" data-testid="admin-inquiry-table">
          <thead>
            <tr>
              <th>#</th>
              <th>{t('inquiries.member')}</th>
              <th>{t('inquiries.title')}</th>
              <th>{t('common.state')}</th>
              <th>{t('common.date')}</th>
              <th>{t('common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {(list.data?.list ?? []).map((q) => (
              <tr key={q.inquiryIdx} data-testid="admin-inquiry-row">
                <td>{q.inquiryIdx}</td>
                <td>{q.memberId}</td>
                <td className="admin-title-cell">
                  {q.title}
                  {q.reply && <SafeHtml html={q.reply} className="rich-text small muted admin-reply-peek" />}
                </td>
                <td>{q.state === 1 ? t('inquiries.answered') : t('inquiries.waiting')}</td>
                <td className="small">{shortDate(q.createDate)}</td>
                <td>
                  <button type="button" className="btn btn-outline btn-sm" onClick={() => choose(q)} data-testid={`admin-inquiry-answer-${q.inquiryIdx}`}>
                    {t('inquiries.answer')}
                  </button>
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
