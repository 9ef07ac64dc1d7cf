import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { popups } from '../../features/popups/popup-store';
import { useApiCall } from '../../lib/api-query';
import { categoriesQuery, useCategories } from '../../lib/config';
import { useAuthFields } from './admin-kit';

type Draft = { categoryIdx?: number; code: string; name: string; nameEn: string; sortOrder: number };

/** Marketplace categories (/nft/category/list): rename, reorder, add. */
export function CategoriesTab() {
  const { t } = useTranslation('admin');
  const auth = useAuthFields();
  const queryClient = useQueryClient();
  const categories = useCategories();
  const [draft, setDraft] = useState<Draft | null>(null);
  const save = useApiCall('/admin/category/save', {
    onSuccess: () => {
      setDraft(null);
      void queryClient.invalidateQueries({ queryKey: categoriesQuery.queryKey });
      popups.ok(t('common.saved'));
    },
  });
  const list = categories.data ?? [];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (draft && !save.busy) save.run({ ...auth, ...draft });
  };
  const set = (patch: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...patch } : d));
  return (
    <div className="admin-tab">
      <div className="admin-toolbar">
        <span />
        <button type="button" className="btn btn-primary" onClick={() => setDraft({ code: '', name: '', nameEn: '', sortOrder: list.length + 1 })}>
          {t('common.new')}
        </button>
      </div>
      {draft && (
        <form className="card form admin-editor" onSubmit={submit} data-testid="admin-category-editor">
          <h2 className="panel-title">{draft.categoryIdx ? t('categories.editTitle') : t('categories.newTitle')}</h2>
          <div className="admin-row">
            <label className="field">
              <span>{t('categories.code')}</span>
              <input value={draft.code} maxLength={40} pattern="[a-z0-9]+(-[a-z0-9]+)*" required onChange={(e) => set({ code: e.target.value.toLowerCase() })} />
            </label>
            <label className="field">
              <span>{t('categories.nameKo')}</span>
              <input value={draft.name} maxLength={50} required onChange={(e) => set({ name: e.target.value })} />
            </label>
            <label className="field">
              <span>{t('categories.nameEn')}</span>
              <input value={draft.nameEn} maxLength={50} required onChange={(e) => set({ nameEn: e.target.value })} />
            </label>
            <label className="field">
              <span>{t('common.sortOrder')}</span>
              <input type="number" min={0} max={10000} value={draft.sortOrder} onChange={(e) => set({ sortOrder: Number(e.target.value) || 0 })} />
            </label>
          </div>
          <div className="form-actions">
            <button type="button" className="btn btn-outline" onClick={() => setDraft(null)}>
              {t('common.cancel')}
            </button>
            <button type="submit" className="btn btn-primary" disabled={save.busy}>
              {t('common.save')}
            </button>
          </div>
        </form>
      )}
      <div className="admin-table-wrap">
        <table className="admin-table" data-testid="admin-category-table">
          <thead>
            <tr>
              <th>#</th>
              <th>{t('categories.code')}</th>
              <th>{t('categories.nameKo')}</th>
              <th>{t('categories.nameEn')}</th>
              <th>{t('common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((c, i) => (
              <tr key={c.idx}>
                <td>{c.idx}</td>
                <td className="mono">{c.code}</td>
                <td>{c.name}</td>
                <td>{c.nameEn}</td>
                <td>
                  <button type="button" className="btn btn-outline btn-sm" onClick={() => setDraft({ categoryIdx: c.idx, code: c.code, name: c.name, nameEn: c.nameEn, sortOrder: i + 1 })}>
                    {t('common.edit')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
