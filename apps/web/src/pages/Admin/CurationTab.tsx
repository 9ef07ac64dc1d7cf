import { type AdminCurationSection, type RouteRequest, CURATION_PICKED_TYPES, CURATION_TYPES, type CurationTypeValue } from '@att/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { popups } from '../../features/popups/popup-store';
import { ensureOk, useApiMutation } from '../../features/popups/useApiMutation';
import { api } from '../../lib/api';
import { useApiCall } from '../../lib/api-query';
import { useCategories } from '../../lib/config';
import { uploadFile } from '../../lib/upload';
import { AdminSearch, useAuthFields } from './admin-kit';
import { type Column, ConsoleTable, usePagedList } from './ConsoleTable';
import { emptyTip, englishStarted, type TipDraft, tipEntryBody } from './tip-entry';

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
  const list = usePagedList('curation', '/admin/curation/list');
  const [draft, setDraft] = useState<SectionDraft | null>(null);
  const [openIdx, setOpenIdx] = useState<number | null>(null);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['admin', 'curation'] });
    void queryClient.invalidateQueries({ queryKey: ['curation', 'all'] });
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
    save.run({ ...auth, curationIdx: s.curationIdx, curationType: s.curationType, name: s.name, nameEn: s.nameEn, visible });

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
      cell: (s) => (CURATION_PICKED_TYPES.includes(s.curationType as CurationTypeValue) ? s.entries.length : <span className="muted small">{t('curation.computed')}</span>),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (s) => (
        <div className="button-row admin-actions">
          <button type="button" className="btn btn-sm btn-outline" aria-label={t('curation.up', { name: s.name })} disabled={move.busy} onClick={() => move.run({ ...auth, curationIdx: s.curationIdx, direction: -1 })} data-testid={`admin-curation-up-${s.curationIdx}`}>
            ↑
          </button>
          <button type="button" className="btn btn-sm btn-outline" aria-label={t('curation.down', { name: s.name })} disabled={move.busy} onClick={() => move.run({ ...auth, curationIdx: s.curationIdx, direction: 1 })} data-testid={`admin-curation-down-${s.curationIdx}`}>
            ↓
          </button>
          <button type="button" className="btn btn-sm btn-outline" onClick={() => setDraft({ curationIdx: s.curationIdx, curationType: s.curationType, name: s.name, nameEn: s.nameEn, visible: s.visible })} data-testid={`admin-curation-edit-${s.curationIdx}`}>
            {t('common.edit')}
          </button>
          {CURATION_PICKED_TYPES.includes(s.curationType as CurationTypeValue) && (
            <button type="button" className="btn btn-sm btn-outline" onClick={() => setOpenIdx(openIdx === s.curationIdx ? null : s.curationIdx)} data-testid={`admin-curation-entries-${s.curationIdx}`}>
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
        <button type="button" className="btn btn-primary" onClick={() => setDraft({ curationType: 0, name: '', nameEn: '', visible: 1 })} data-testid="admin-curation-new">
          {t('common.new')}
        </button>
      </div>
      {draft && (
        <form className="card form admin-editor" onSubmit={submit} data-testid="admin-curation-editor">
          <h2 className="panel-title">{draft.curationIdx ? t('curation.editTitle') : t('curation.newTitle')}</h2>
          <div className="admin-row">
            <label className="field">
              <span>{t('curation.type')}</span>
              <select value={draft.curationType} disabled={draft.curationIdx !== undefined} onChange={(e) => setDraft({ ...draft, curationType: Number(e.target.value) })} data-testid="admin-curation-type">
                {CURATION_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {typeName(type)}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span>{t('curation.nameKo')}</span>
              <input value={draft.name} maxLength={50} required onChange={(e) => setDraft({ ...draft, name: e.target.value })} data-testid="admin-curation-name-ko" />
            </label>
            <label className="field">
              <span>{t('curation.nameEn')}</span>
              <input value={draft.nameEn} maxLength={50} required onChange={(e) => setDraft({ ...draft, nameEn: e.target.value })} data-testid="admin-curation-name-en" />
            </label>
            <label className="admin-inline">
              <input type="checkbox" checked={draft.visible === 1} onChange={(e) => setDraft({ ...draft, visible: e.target.checked ? 1 : 0 })} data-testid="admin-curation-draft-visible" />
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
      <ConsoleTable columns={columns} rows={list.rows} rowKey={(s) => s.curationIdx} testId="admin-curation-table" rowTestId="admin-curation-row" {...list.tableProps} />
      {open && <EntriesEditor section={open} onChange={refresh} />}
    </div>
  );
}

/** The hand-picked entries of one section: remove, and add an item (featured), a category (tiles) or a tip. */
function EntriesEditor({ section, onChange }: { section: AdminCurationSection; onChange: () => void }) {
  const { t, i18n } = useTranslation('admin');
  const auth = useAuthFields();
  const categories = useCategories();
  const [productIdx, setProductIdx] = useState('');
  const [categoryIdx, setCategoryIdx] = useState('');
  const [tip, setTip] = useState<TipDraft>(emptyTip);
  const [image, setImage] = useState<File | null>(null);
  /** The tip being edited (its texts and link; the image stays), or null while adding. */
  const [editing, setEditing] = useState<number | null>(null);
  const done = () => {
    popups.ok(t('common.saved'));
    setProductIdx('');
    setTip(emptyTip);
    setImage(null);
    setEditing(null);
    onChange();
  };
  const update = useApiCall('/admin/curation/entry/update', { onSuccess: done });
  const startEdit = (e: AdminCurationSection['entries'][number]) => {
    setEditing(e.entryIdx);
    setTip({ title: e.title ?? '', detail: e.detail ?? '', titleEn: e.titleEn ?? '', detailEn: e.detailEn ?? '', connectUrl: e.connectUrl ?? '' });
  };
  const add = useApiMutation(
    async (body: Record<string, unknown>) => {
      let fileName: string | undefined;
      if (image) fileName = ensureOk(await uploadFile({ kind: 'featured', auth: { id: auth.id, ticket: auth.ticketId }, file: image })).data!.fileName;
      const request = { ...auth, curationIdx: section.curationIdx, ...body, ...(fileName ? { fileName } : {}) } as RouteRequest<'/admin/curation/entry/add'>;
      return ensureOk(await api('/admin/curation/entry/add', request));
    },
    { onSuccess: done },
  );
  const remove = useApiCall('/admin/curation/entry/remove', { onSuccess: onChange });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (section.curationType === 0) add.run({ productIdx: Number(productIdx) });
    else if (section.curationType === 2) add.run({ categoryIdx: Number(categoryIdx) });
    else if (editing !== null) update.run({ ...auth, entryIdx: editing, ...tipEntryBody(tip) });
    else add.run(tipEntryBody(tip));
  };
  return (
    <section className="card admin-editor" data-testid="admin-curation-entry-editor" aria-label={t('curation.entriesOf', { name: section.name })}>
      <h2 className="panel-title">{t('curation.entriesOf', { name: section.name })}</h2>
      <ul className="admin-entry-list">
        {section.entries.map((e) => (
          <li key={e.entryIdx} data-testid="admin-curation-entry">
            <span>
              {e.productIdx !== null && <span className="mono small">#{e.productIdx} </span>}
              {e.label}
              {e.titleEn && <span lang="en"> / {e.titleEn}</span>}
              {e.connectUrl && <span className="muted small"> · {e.connectUrl}</span>}
            </span>
            <span className="admin-entry-actions">
              {e.connectUrl && (
                <button type="button" className="btn btn-sm btn-outline" onClick={() => startEdit(e)} data-testid={`admin-curation-entry-edit-${e.entryIdx}`}>
                  {t('common.edit')}
                </button>
              )}
              <button type="button" className="btn btn-sm btn-outline" disabled={remove.busy} onClick={() => remove.run({ ...auth, entryIdx: e.entryIdx })} data-testid={`admin-curation-entry-remove-${e.entryIdx}`}>
                {t('curation.remove')}
              </button>
            </span>
          </li>
        ))}
        {section.entries.length === 0 && <li className="muted">{t(section.curationType === 2 ? 'curation.allCategories' : 'common.empty')}</li>}
      </ul>
      <form className="form admin-row" onSubmit={submit}>
        {section.curationType === 0 && (
          <label className="field">
            <span>{t('curation.productIdx')}</span>
            <input inputMode="numeric" pattern="[0-9]+" required value={productIdx} onChange={(e) => setProductIdx(e.target.value)} data-testid="admin-curation-product" />
          </label>
        )}
        {section.curationType === 2 && (
          <label className="field">
            <span>{t('curation.category')}</span>
            <select required value={categoryIdx} onChange={(e) => setCategoryIdx(e.target.value)} data-testid="admin-curation-category">
              <option value="" />
              {(categories.data ?? []).map((c) => (
                <option key={c.idx} value={c.idx}>
                  {i18n.language === 'en' ? c.nameEn : c.name}
                </option>
              ))}
            </select>
          </label>
        )}
        {section.curationType === 5 && (
          <>
            <label className="field">
              <span>{t('curation.tipTitle')}</span>
              <input required maxLength={60} value={tip.title} onChange={(e) => setTip({ ...tip, title: e.target.value })} data-testid="admin-curation-tip-title" />
            </label>
            <label className="field">
              <span>{t('curation.tipDetail')}</span>
              <input required maxLength={200} value={tip.detail} onChange={(e) => setTip({ ...tip, detail: e.target.value })} data-testid="admin-curation-tip-detail" />
            </label>
            <label className="field">
              <span>{t('curation.tipTitleEn')}</span>
              <input
                lang="en"
                required={englishStarted(tip)}
                maxLength={60}
                value={tip.titleEn}
                onChange={(e) => setTip({ ...tip, titleEn: e.target.value })}
                data-testid="admin-curation-tip-title-en"
              />
            </label>
            <label className="field">
              <span>{t('curation.tipDetailEn')}</span>
              <input
                lang="en"
                required={englishStarted(tip)}
                maxLength={200}
                value={tip.detailEn}
                onChange={(e) => setTip({ ...tip, detailEn: e.target.value })}
                data-testid="admin-curation-tip-detail-en"
              />
            </label>
            <label className="field">
              <span>{t('curation.tipUrl')}</span>
              <input required type="url" pattern="https?://.+" maxLength={500} value={tip.connectUrl} onChange={(e) => setTip({ ...tip, connectUrl: e.target.value })} data-testid="admin-curation-tip-url" />
            </label>
            {editing === null && (
              <label className="field">
                <span>{t('curation.tipImage')}</span>
                <input type="file" accept="image/png,image/jpeg,image/gif,image/webp" onChange={(e) => setImage(e.target.files?.[0] ?? null)} data-testid="admin-curation-tip-image" />
              </label>
            )}
          </>
        )}
        <div className="button-row">
          <button type="submit" className="btn btn-primary" disabled={add.busy || update.busy} data-testid="admin-curation-entry-add">
            {editing === null ? t('curation.add') : t('common.save')}
          </button>
          {editing !== null && (
            <button
              type="button"
              className="btn btn-outline"
              onClick={() => {
                setEditing(null);
                setTip(emptyTip);
              }}
              data-testid="admin-curation-entry-cancel"
            >
              {t('common.cancel')}
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
