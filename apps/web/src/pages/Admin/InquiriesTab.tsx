import { adminKeys } from './admin-queries';
import type { AdminInquiry } from '@att/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SafeHtml } from '../../components/ui/SafeHtml';
import { popups } from '../../features/popups/popup-store';
import { useApiCall } from '../../lib/api';
import { ConsoleToolbar, FilterSelect, shortDate, useAuthFields } from './admin-kit';
import { ConsoleEditor, RowButton } from './ConsoleEditor';
import { type Column, ConsoleTable, usePagedList } from './ConsoleTable';
import { HtmlField } from './HtmlField';
import { InquiryState } from '@att/shared';
import { MemberName } from '../../components/ui/MemberName';

export function InquiriesTab() {
  const { t } = useTranslation('admin');
  const auth = useAuthFields();
  const queryClient = useQueryClient();
  const [state, setState] = useState<0 | 1 | undefined>(0);
  const [open, setOpen] = useState<AdminInquiry | null>(null);
  const [reply, setReply] = useState('');
  const list = usePagedList('/admin/inquiry/list', state === undefined ? {} : { state });
  const send = useApiCall('/admin/inquiry/reply', {
    onSuccess: () => {
      setOpen(null);
      void queryClient.invalidateQueries({ queryKey: adminKeys.list('/admin/inquiry/list') });
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

  const columns: Column<AdminInquiry>[] = [
    { key: 'idx', header: '#', cell: (q) => q.inquiryIdx },
    { key: 'member', header: t('inquiries.member'), cell: (q) => <MemberName name={q.memberId} /> },
    {
      key: 'title',
      header: t('inquiries.title'),
      className: 'admin-title-cell',
      cell: (q) => (
        <>
          {q.title}
          {q.reply && <SafeHtml html={q.reply} className="rich-text small muted admin-reply-peek" />}
        </>
      ),
    },
    {
      key: 'state',
      header: t('common.state'),
      cell: (q) => (q.state === InquiryState.Answered ? t('inquiries.answered') : t('inquiries.waiting')),
    },
    { key: 'date', header: t('common.date'), className: 'small', cell: (q) => shortDate(q.createDate) },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (q) => (
        <RowButton onClick={() => choose(q)} testId={`admin-inquiry-answer-${q.inquiryIdx}`}>
          {t('inquiries.answer')}
        </RowButton>
      ),
    },
  ];
  return (
    <div className="admin-tab">
      <ConsoleToolbar search={{ testId: 'admin-inquiries', onSearch: list.search }}>
        <FilterSelect
          label={t('inquiries.filter')}
          value={state === undefined ? 'all' : String(state)}
          onChange={(v) => {
            setState(v === 'all' ? undefined : v === '1' ? 1 : 0);
            list.setPage(1);
          }}
          options={[
            ['0', t('inquiries.waiting')],
            ['1', t('inquiries.answered')],
            ['all', t('inquiries.all')],
          ]}
          testId="admin-inquiry-filter"
        />
      </ConsoleToolbar>
      {open && (
        <ConsoleEditor
          editor={{ submit, close: () => setOpen(null), busy: send.busy }}
          title={open.title}
          testId="admin-inquiry-editor"
          saveTestId="admin-inquiry-send"
          saveLabel={t('inquiries.send')}
          saveDisabled={!reply.trim()}
        >
          <p className="muted small">
            <MemberName name={open.memberId} /> · {shortDate(open.createDate)}
          </p>
          <p className="inquiry-message">{open.message}</p>
          <HtmlField label={t('inquiries.reply')} value={reply} onChange={setReply} testId="admin-inquiry-reply" />
        </ConsoleEditor>
      )}
      <ConsoleTable
        columns={columns}
        rowKey={(q) => q.inquiryIdx}
        testId="admin-inquiry-table"
        rowTestId="admin-inquiry-row"
        {...list.tableProps}
      />
    </div>
  );
}
