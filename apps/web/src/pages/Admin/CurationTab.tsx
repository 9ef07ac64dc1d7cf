import { itemKeys } from '../../features/items/item-queries';
import { adminKeys } from './admin-queries';
import { type AdminCurationSection, CURATION_PICKED_TYPES, CURATION_TYPES, type CurationTypeValue } from '@att/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiCall } from '../../lib/api';
import { ConsoleToolbar, useAuthFields } from './admin-kit';
import { CheckField, ConsoleEditor, RowButton, TextField } from './ConsoleEditor';
import { type Column, ConsoleTable, usePagedList } from './ConsoleTable';
import { EntriesEditor } from './CurationEntries';
import { useConsoleDraft } from './useConsoleDraft';

interface SectionDraft {
  curationIdx?: number;
  curationType: number;
  name: string;
  nameEn: string;
  visible: 0 | 1;
}

const sectionDraft = (s: AdminCurationSection): SectionDraft => ({
  curationIdx: s.curationIdx,
  curationType: s.curationType,
  name: s.name,
  nameEn: s.nameEn,
  visible: s.visible,
});

/** Home curation: the sections in their order (up/down), show/hide, names per language, and hand-picked entries. */
export function CurationTab() {
  const { t } = useTranslation('admin');
  const auth = useAuthFields();
  const queryClient = useQueryClient();
  const list = usePagedList('/admin/curation/list');
  const [openIdx, setOpenIdx] = useState<number | null>(null);
  const refreshKeys = [adminKeys.list('/admin/curation/list'), itemKeys.curation()];
  const refresh = () => {
    for (const queryKey of refreshKeys) void queryClient.invalidateQueries({ queryKey });
  };
  const editor = useConsoleDraft<SectionDraft, '/admin/curation/save'>('/admin/curation/save', refreshKeys);
  const { draft, set } = editor;
  const move = useApiCall('/admin/curation/move', { onSuccess: refresh });
  const rows = list.rows ?? [];
  const open = rows.find((s) => s.curationIdx === openIdx) ?? null;
  const typeName = (type: number) => t(`curation.types.${type as CurationTypeValue}`);
  const setVisible = (s: AdminCurationSection, visible: 0 | 1) => editor.send({ ...sectionDraft(s), visible });

  const columns: Column<AdminCurationSection>[] = [
    { key: 'order', header: t('common.sortOrder'), cell: (s) => s.sortOrder },
    { key: 'type', header: t('curation.type'), className: 'small', cell: (s) => typeName(s.curationType) },
    { key: 'name', header: t('curation.nameKo'), cell: (s) => <span data-testid="admin-curation-name">{s.name}</span> },
    { key: 'nameEn', header: t('curation.nameEn'), cell: (s) => s.nameEn },
    {
      key: 'visible',
      header: t('common.state'),
      cell: (s) => (
        <CheckField
          inline
          label={s.visible ? t('common.published') : t('common.hidden')}
          checked={s.visible === 1}
          disabled={editor.busy}
          onChange={(on) => setVisible(s, on ? 1 : 0)}
          testId={`admin-curation-visible-${s.curationIdx}`}
        />
      ),
    },
    {
      key: 'entries',
      header: t('curation.entries'),
      cell: (s) =>
        CURATION_PICKED_TYPES.includes(s.curationType as CurationTypeValue) ? (
          s.entries.length
        ) : (
          <span className="muted small">{t('curation.computed')}</span>
        ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (s) => (
        <div className="button-row admin-actions">
          <button
            type="button"
            className="btn btn-sm btn-outline"
            aria-label={t('curation.up', { name: s.name })}
            disabled={move.busy}
            onClick={() => move.run({ ...auth, curationIdx: s.curationIdx, direction: -1 })}
            data-testid={`admin-curation-up-${s.curationIdx}`}
          >
            ↑
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline"
            aria-label={t('curation.down', { name: s.name })}
            disabled={move.busy}
            onClick={() => move.run({ ...auth, curationIdx: s.curationIdx, direction: 1 })}
            data-testid={`admin-curation-down-${s.curationIdx}`}
          >
            ↓
          </button>
          <RowButton onClick={() => editor.open(sectionDraft(s))} testId={`admin-curation-edit-${s.curationIdx}`} />
          {CURATION_PICKED_TYPES.includes(s.curationType as CurationTypeValue) && (
            <RowButton
              onClick={() => setOpenIdx(openIdx === s.curationIdx ? null : s.curationIdx)}
              testId={`admin-curation-entries-${s.curationIdx}`}
            >
              {t('curation.editEntries')}
            </RowButton>
          )}
        </div>
      ),
    },
  ];

  return (
    <div className="admin-tab">
      <ConsoleToolbar
        search={{ testId: 'admin-curation', onSearch: list.search }}
        onNew={() => editor.open({ curationType: 0, name: '', nameEn: '', visible: 1 })}
        newTestId="admin-curation-new"
      />
      {draft && (
        <ConsoleEditor
          editor={editor}
          title={draft.curationIdx ? t('curation.editTitle') : t('curation.newTitle')}
          testId="admin-curation-editor"
          saveTestId="admin-curation-save"
          actionsAtStart
        >
          <div className="admin-row">
            <label className="field">
              <span>{t('curation.type')}</span>
              <select
                value={draft.curationType}
                disabled={draft.curationIdx !== undefined}
                onChange={(e) => set({ curationType: Number(e.target.value) })}
                data-testid="admin-curation-type"
              >
                {CURATION_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {typeName(type)}
                  </option>
                ))}
              </select>
            </label>
            <TextField
              label={t('curation.nameKo')}
              value={draft.name}
              maxLength={50}
              onChange={(name) => set({ name })}
              testId="admin-curation-name-ko"
            />
            <TextField
              label={t('curation.nameEn')}
              value={draft.nameEn}
              maxLength={50}
              onChange={(nameEn) => set({ nameEn })}
              testId="admin-curation-name-en"
            />
            <CheckField
              inline
              label={t('common.published')}
              checked={draft.visible === 1}
              onChange={(on) => set({ visible: on ? 1 : 0 })}
              testId="admin-curation-draft-visible"
            />
          </div>
        </ConsoleEditor>
      )}
      <ConsoleTable
        columns={columns}
        rowKey={(s) => s.curationIdx}
        testId="admin-curation-table"
        rowTestId="admin-curation-row"
        {...list.tableProps}
      />
      {open && <EntriesEditor section={open} onChange={refresh} />}
    </div>
  );
}
