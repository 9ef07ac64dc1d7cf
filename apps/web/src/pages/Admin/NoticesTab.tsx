import { adminKeys } from './admin-queries';
import { supportKeys } from '../../features/support/support-queries';
import type { Notice } from '@att/shared';
import { useTranslation } from 'react-i18next';
import { ConsoleToolbar, shortDate } from './admin-kit';
import { CheckField, ConsoleEditor, LangField, RowButton, TextField } from './ConsoleEditor';
import { type Column, ConsoleTable, usePagedList } from './ConsoleTable';
import { HtmlField } from './HtmlField';
import { PublishState } from '@att/shared';
import { useConsoleDraft } from './useConsoleDraft';

type Draft = Pick<Notice, 'lang' | 'title' | 'message' | 'listType' | 'flagPopup' | 'flagForce' | 'state'> & {
  noticeIdx?: number;
};
const EMPTY: Draft = { lang: 'ko', title: '', message: '', listType: 1, flagPopup: 0, flagForce: 0, state: 1 };
const onOff = (on: boolean) => (on ? PublishState.Published : PublishState.Hidden);

export function NoticesTab() {
  const { t } = useTranslation('admin');
  const list = usePagedList('/admin/notice/list');
  const editor = useConsoleDraft<Draft, '/admin/notice/save'>('/admin/notice/save', [
    adminKeys.list('/admin/notice/list'),
    supportKeys.notices(),
    supportKeys.noticeInfos(),
  ]);
  const { draft, set } = editor;

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
        <RowButton
          onClick={() =>
            editor.open({
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
          testId={`admin-notice-edit-${n.idx}`}
        />
      ),
    },
  ];
  return (
    <div className="admin-tab">
      <ConsoleToolbar
        search={{ testId: 'admin-notices', onSearch: list.search }}
        onNew={() => editor.open(EMPTY)}
        newTestId="admin-notice-new"
      />
      {draft && (
        <ConsoleEditor
          editor={editor}
          title={draft.noticeIdx ? t('notices.editTitle') : t('notices.newTitle')}
          testId="admin-notice-editor"
          saveTestId="admin-notice-save"
        >
          <div className="admin-row">
            <LangField value={draft.lang} onChange={(lang) => set({ lang })} testId="admin-notice-lang" />
            <TextField
              label={t('notices.title')}
              value={draft.title}
              maxLength={200}
              grow
              onChange={(title) => set({ title })}
              testId="admin-notice-title"
            />
          </div>
          <HtmlField
            label={t('notices.message')}
            value={draft.message}
            onChange={(message) => set({ message })}
            testId="admin-notice-message"
          />
          <fieldset className="admin-flags">
            <legend>{t('notices.flags')}</legend>
            <CheckField
              label={t('notices.pinned')}
              checked={draft.listType === 2}
              onChange={(on) => set({ listType: on ? 2 : 1 })}
              testId="admin-notice-pinned"
            />
            <CheckField
              label={t('notices.popup')}
              checked={draft.flagPopup === 1}
              onChange={(on) => set({ flagPopup: onOff(on), flagForce: on ? draft.flagForce : 0 })}
              testId="admin-notice-popup"
            />
            <CheckField
              label={t('notices.force')}
              checked={draft.flagForce === 1}
              disabled={draft.flagPopup !== 1}
              onChange={(on) => set({ flagForce: onOff(on) })}
              testId="admin-notice-force"
            />
            <CheckField
              label={t('common.published')}
              checked={draft.state === PublishState.Published}
              onChange={(on) => set({ state: onOff(on) })}
              testId="admin-notice-published"
            />
          </fieldset>
        </ConsoleEditor>
      )}
      <ConsoleTable
        columns={columns}
        rowKey={(n) => n.idx}
        testId="admin-notice-table"
        rowTestId="admin-notice-row"
        {...list.tableProps}
      />
    </div>
  );
}
