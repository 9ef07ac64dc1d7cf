import { adminKeys } from './admin-queries';
import { supportKeys } from '../../features/support/support-queries';
import type { Notice } from '@att/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { popups } from '../../features/popups/popup-store';
import { useApiCall } from '../../lib/api';
import { AdminSearch, shortDate, useAuthFields } from './admin-kit';
import { type Column, ConsoleTable, usePagedList } from './ConsoleTable';
import { HtmlField } from './HtmlField';
import { PublishState } from '@att/shared';

type Draft = Pick<Notice, 'lang' | 'title' | 'message' | 'listType' | 'flagPopup' | 'flagForce' | 'state'> & {
  noticeIdx?: number;
};
const EMPTY: Draft = { lang: 'ko', title: '', message: '', listType: 1, flagPopup: 0, flagForce: 0, state: 1 };

export function NoticesTab() {
  const { t } = useTranslation('admin');
  const auth = useAuthFields();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft | null>(null);
  const list = usePagedList('/admin/notice/list');
  const save = useApiCall('/admin/notice/save', {
    onSuccess: () => {
      setDraft(null);
      void queryClient.invalidateQueries({ queryKey: adminKeys.list('/admin/notice/list') });
      void queryClient.invalidateQueries({ queryKey: supportKeys.notices() });
      void queryClient.invalidateQueries({ queryKey: supportKeys.noticeInfos() });
      popups.ok(t('common.saved'));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (draft && !save.busy) save.run({ ...auth, ...draft });
  };
  const set = (patch: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...patch } : d));

  const columns: Column<Notice>[] = [
    { key: 'idx', header: '#', cell: (n) => n.idx },
    { key: 'lang', header: t('common.lang'), cell: (n) => n.lang },
    { key: 'title', header: t('notices.title'), className: 'admin-title-cell', cell: (n) => n.title },
    {
      key: 'flags',
      header: t('notices.flags'),
      className: 'small',
      cell: (n) =>
        [
          n.listType === 2 && t('notices.pinnedShort'),
          n.flagPopup === 1 && t('notices.popupShort'),
          n.flagForce === 1 && t('notices.forceShort'),
        ]
          .filter(Boolean)
          .join(' · '),
    },
    {
      key: 'state',
      header: t('common.state'),
      cell: (n) => (n.state === PublishState.Published ? t('common.published') : t('common.hidden')),
    },
    { key: 'date', header: t('common.date'), className: 'small', cell: (n) => shortDate(n.createDate) },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (n) => (
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={() =>
            setDraft({
              noticeIdx: n.idx,
              lang: n.lang,
              title: n.title,
              message: n.message,
              listType: n.listType,
              flagPopup: n.flagPopup,
              flagForce: n.flagForce,
              state: n.state,
            })
          }
          data-testid={`admin-notice-edit-${n.idx}`}
        >
          {t('common.edit')}
        </button>
      ),
    },
  ];
  return (
    <div className="admin-tab">
      <div className="admin-toolbar">
        <AdminSearch testId="admin-notices" onSearch={list.search} />
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => setDraft(EMPTY)}
          data-testid="admin-notice-new"
        >
          {t('common.new')}
        </button>
      </div>
      {draft && (
        <form className="card form admin-editor" onSubmit={submit} data-testid="admin-notice-editor">
          <h2 className="panel-title">{draft.noticeIdx ? t('notices.editTitle') : t('notices.newTitle')}</h2>
          <div className="admin-row">
            <label className="field">
              <span>{t('common.lang')}</span>
              <select
                value={draft.lang}
                onChange={(e) => set({ lang: e.target.value === 'en' ? 'en' : 'ko' })}
                data-testid="admin-notice-lang"
              >
                <option value="ko">한국어</option>
                <option value="en">English</option>
              </select>
            </label>
            <label className="field admin-grow">
              <span>{t('notices.title')}</span>
              <input
                value={draft.title}
                maxLength={200}
                required
                onChange={(e) => set({ title: e.target.value })}
                data-testid="admin-notice-title"
              />
            </label>
          </div>
          <HtmlField
            label={t('notices.message')}
            value={draft.message}
            onChange={(message) => set({ message })}
            testId="admin-notice-message"
          />
          <fieldset className="admin-flags">
            <legend>{t('notices.flags')}</legend>
            <label className="check">
              <input
                type="checkbox"
                checked={draft.listType === 2}
                onChange={(e) => set({ listType: e.target.checked ? 2 : 1 })}
                data-testid="admin-notice-pinned"
              />
              {t('notices.pinned')}
            </label>
            <label className="check">
              <input
                type="checkbox"
                checked={draft.flagPopup === 1}
                onChange={(e) =>
                  set({
                    flagPopup: e.target.checked ? PublishState.Published : PublishState.Hidden,
                    flagForce: e.target.checked ? draft.flagForce : 0,
                  })
                }
                data-testid="admin-notice-popup"
              />
              {t('notices.popup')}
            </label>
            <label className="check">
              <input
                type="checkbox"
                checked={draft.flagForce === 1}
                disabled={draft.flagPopup !== 1}
                onChange={(e) => set({ flagForce: e.target.checked ? PublishState.Published : PublishState.Hidden })}
                data-testid="admin-notice-force"
              />
              {t('notices.force')}
            </label>
            <label className="check">
              <input
                type="checkbox"
                checked={draft.state === PublishState.Published}
                onChange={(e) => set({ state: e.target.checked ? PublishState.Published : PublishState.Hidden })}
                data-testid="admin-notice-published"
              />
              {t('common.published')}
            </label>
          </fieldset>
          <div className="form-actions">
            <button type="button" className="btn btn-outline" onClick={() => setDraft(null)}>
              {t('common.cancel')}
            </button>
            <button type="submit" className="btn btn-primary" disabled={save.busy} data-testid="admin-notice-save">
              {t('common.save')}
            </button>
          </div>
        </form>
      )}
      <ConsoleTable
        columns={columns}
        rows={list.rows}
        rowKey={(n) => n.idx}
        testId="admin-notice-table"
        rowTestId="admin-notice-row"
        {...list.tableProps}
      />
    </div>
  );
}
