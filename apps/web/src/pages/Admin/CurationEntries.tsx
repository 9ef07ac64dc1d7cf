import { type AdminCurationSection, type RouteRequest } from '@att/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { popups } from '../../features/popups';
import { api, ensureOk, useApiCall, useApiMutation } from '../../lib/api';
import { uploadFile } from '../../lib/api/upload';
import { useCategories } from '../../lib/config';
import { useAuthFields } from './admin-kit';
import { RowButton } from './ConsoleEditor';
import { emptyTip, englishStarted, type TipDraft, tipEntryBody } from './tip-entry';

/** The hand-picked entries of one section: remove, and add an item (featured), a category (tiles) or a tip. */
export function EntriesEditor({ section, onChange }: { section: AdminCurationSection; onChange: () => void }) {
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
    setTip({
      title: e.title ?? '',
      detail: e.detail ?? '',
      titleEn: e.titleEn ?? '',
      detailEn: e.detailEn ?? '',
      connectUrl: e.connectUrl ?? '',
    });
  };
  const add = useApiMutation(
    async (body: Record<string, unknown>) => {
      let fileName: string | undefined;
      if (image)
        fileName = ensureOk(
          await uploadFile({ kind: 'featured', auth: { id: auth.id, ticket: auth.ticketId }, file: image }),
        ).data!.fileName;
      const request = {
        ...auth,
        curationIdx: section.curationIdx,
        ...body,
        ...(fileName ? { fileName } : {}),
      } as RouteRequest<'/admin/curation/entry/add'>;
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
    <section
      className="card admin-editor"
      data-testid="admin-curation-entry-editor"
      aria-label={t('curation.entriesOf', { name: section.name })}
    >
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
                <RowButton onClick={() => startEdit(e)} testId={`admin-curation-entry-edit-${e.entryIdx}`} />
              )}
              <RowButton
                disabled={remove.busy}
                onClick={() => remove.run({ ...auth, entryIdx: e.entryIdx })}
                testId={`admin-curation-entry-remove-${e.entryIdx}`}
              >
                {t('curation.remove')}
              </RowButton>
            </span>
          </li>
        ))}
        {section.entries.length === 0 && (
          <li className="muted">{t(section.curationType === 2 ? 'curation.allCategories' : 'common.empty')}</li>
        )}
      </ul>
      <form className="form admin-row" onSubmit={submit}>
        {section.curationType === 0 && (
          <label className="field">
            <span>{t('curation.productIdx')}</span>
            <input
              inputMode="numeric"
              pattern="[0-9]+"
              required
              value={productIdx}
              onChange={(e) => setProductIdx(e.target.value)}
              data-testid="admin-curation-product"
            />
          </label>
        )}
        {section.curationType === 2 && (
          <label className="field">
            <span>{t('curation.category')}</span>
            <select
              required
              value={categoryIdx}
              onChange={(e) => setCategoryIdx(e.target.value)}
              data-testid="admin-curation-category"
            >
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
              <input
                required
                maxLength={60}
                value={tip.title}
                onChange={(e) => setTip({ ...tip, title: e.target.value })}
                data-testid="admin-curation-tip-title"
              />
            </label>
            <label className="field">
              <span>{t('curation.tipDetail')}</span>
              <input
                required
                maxLength={200}
                value={tip.detail}
                onChange={(e) => setTip({ ...tip, detail: e.target.value })}
                data-testid="admin-curation-tip-detail"
              />
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
              <input
                required
                type="url"
                pattern="https?://.+"
                maxLength={500}
                value={tip.connectUrl}
                onChange={(e) => setTip({ ...tip, connectUrl: e.target.value })}
                data-testid="admin-curation-tip-url"
              />
            </label>
            {editing === null && (
              <label className="field">
                <span>{t('curation.tipImage')}</span>
                <input
                  type="file"
                  accept="image/png,image/jpeg,image/gif,image/webp"
                  onChange={(e) => setImage(e.target.files?.[0] ?? null)}
                  data-testid="admin-curation-tip-image"
                />
              </label>
            )}
          </>
        )}
        <div className="button-row">
          <button
            type="submit"
            className="btn btn-primary"
            disabled={add.busy || update.busy}
            data-testid="admin-curation-entry-add"
          >
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
