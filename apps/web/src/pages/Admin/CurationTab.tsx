import { itemKeys } from '../../features/items/item-queries';
import { adminKeys } from './admin-queries';
import { type AdminCurationSection, CURATION_PICKED_TYPES, CURATION_TYPES, type CurationTypeValue } from '@att/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { popups } from '../../features/popups/popup-store';
import { useApiCall } from '../../lib/api';
import { AdminSearch, useAuthFields } from './admin-kit';
import { type Column, ConsoleTable, usePagedList } from './ConsoleTable';
import { EntriesEditor } from './CurationEntries';

interface SectionDraft {
  curationIdx?: number;
  curationType: number;
  name: string;
  nameEn: string;
  visible: 0 | 1;
}

/** Home curation: the sections in their order (up/down), show/hide, names per language, and hand-picked entries. */
export function CurationTab() {
  const { t } = useTranslation('admin');
  const auth = useAuthFields();
  const queryClient = useQueryClient();
  const list = usePagedList('/admin/curation/list');
  const [draft, setDraft] = useState<SectionDraft | null>(null);
  const [openIdx, setOpenIdx] = useState<number | null>(null);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.list('/admin/curation/list') });
    void queryClient.invalidateQueries({ queryKey: itemKeys.curation() });
  };
  const save = useApiCall('/admin/curation/save', {
    onSuccess: () => {
      popups.ok(t('common.saved'));
      setDraft(null);
      refresh();
    },
  });
  const move = useApiCall('/admin/curation/move', { onSuccess: refresh });
  const rows = list.rows ?? [];
  const open = rows.find((s) => s.curationIdx === openIdx) ?? null;
  const typeName = (type: number) => t(`curation.types.${type as CurationTypeValue}`);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (draft) save.run({ ...auth, ...draft });
  };
  const setVisible = (s: AdminCurationSection, visible: 0 | 1) =>
    save.run({
      ...auth,
      curationIdx: s.curationIdx,
      curationType: s.curationType,
      name: s.name,
      nameEn: s.nameEn,
      visible,
    });

  const columns: Column<AdminCurationSection>[] = [
    { key: 'order', header: t('common.sortOrder'), cell: (s) => s.sortOrder },
    { key: 'type', header: t('curation.type'), className: 'small', cell: (s) => typeName(s.curationType) },
    { key: 'name', header: t('curation.nameKo'), cell: (s) => <span data-testid="admin-curation-name">{s.name}</span> },
    { key: 'nameEn', header: t('curation.nameEn'), cell: (s) => s.nameEn },
    {
      key: 'visible',
      header: t('common.state'),
      cell: (s) => (
        <label className="admin-inline">
          <input
            type="checkbox"
            checked={s.visible === 1}
            disabled={save.busy}
            onChange={(e) => setVisible(s, e.target.checked ? 1 : 0)}
            data-testid={`admin-curation-visible-${s.curationIdx}`}
          />
          {s.visible ? t('common.published') : t('common.hidden')}
        </label>
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
          <button
            type="button"
            className="btn btn-sm btn-outline"
            onClick={() =>
              setDraft({
                curationIdx: s.curationIdx,
                curationType: s.curationType,
                name: s.name,
                nameEn: s.nameEn,
                visible: s.visible,
              })
            }
            data-testid={`admin-curation-edit-${s.curationIdx}`}
          >
            {t('common.edit')}
          </button>
          {CURATION_PICKED_TYPES.includes(s.curationType as CurationTypeValue) && (
            <button
              type="button"
              className="btn btn-sm btn-outline"
              onClick={() => setOpenIdx(openIdx === s.curationIdx ? null : s.curationIdx)}
              data-testid={`admin-curation-entries-${s.curationIdx}`}
            >
              {t('curation.editEntries')}
            </button>
          )}
        </div>
      ),
    },
  ];

  return (
    <div className="admin-tab">
      <div className="admin-toolbar">
        <AdminSearch testId="admin-curation" onSearch={list.search} />
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => setDraft({ curationType: 0, name: '', nameEn: '', visible: 1 })}
          data-testid="admin-curation-new"
        >
          {t('common.new')}
        </button>
      </div>
      {draft && (
        <form className="card form admin-editor" onSubmit={submit} data-testid="admin-curation-editor">
          <h2 className="panel-title">{draft.curationIdx ? t('curation.editTitle') : t('curation.newTitle')}</h2>
          <div className="admin-row">
            <label className="field">
              <span>{t('curation.type')}</span>
              <select
                value={draft.curationType}
                disabled={draft.curationIdx !== undefined}
                onChange={(e) => setDraft({ ...draft, curationType: Number(e.target.value) })}
                data-testid="admin-curation-type"
              >
                {CURATION_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {typeName(type)}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span>{t('curation.nameKo')}</span>
              <input
                value={draft.name}
                maxLength={50}
                required
                onChange={(e) => setDraft({ ...draft, name: e.target.value })}
                data-testid="admin-curation-name-ko"
              />
            </label>
            <label className="field">
              <span>{t('curation.nameEn')}</span>
              <input
                value={draft.nameEn}
                maxLength={50}
                required
                onChange={(e) => setDraft({ ...draft, nameEn: e.target.value })}
                data-testid="admin-curation-name-en"
              />
            </label>
            <label className="admin-inline">
              <input
                type="checkbox"
                checked={draft.visible === 1}
                onChange={(e) => setDraft({ ...draft, visible: e.target.checked ? 1 : 0 })}
                data-testid="admin-curation-draft-visible"
              />
              {t('common.published')}
            </label>
          </div>
          <div className="button-row">
            <button type="submit" className="btn btn-primary" disabled={save.busy} data-testid="admin-curation-save">
              {t('common.save')}
            </button>
            <button type="button" className="btn btn-outline" onClick={() => setDraft(null)}>
              {t('common.cancel')}
            </button>
          </div>
        </form>
      )}
      <ConsoleTable
        columns={columns}
        rows={list.rows}
        rowKey={(s) => s.curationIdx}
        testId="admin-curation-table"
        rowTestId="admin-curation-row"
        {...list.tableProps}
      />
      {open && <EntriesEditor section={open} onChange={refresh} />}
    </div>
  );
}
