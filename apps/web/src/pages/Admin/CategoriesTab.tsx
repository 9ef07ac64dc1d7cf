import type { Category } from '@att/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { popups } from '../../features/popups/popup-store';
import { useApiCall } from '../../lib/api';
import { categoriesQuery, useCategories } from '../../lib/config';
import { useAuthFields } from './admin-kit';
import { type Column, ConsoleTable } from './ConsoleTable';

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
  const columns: Column<Category>[] = [
    { key: 'idx', header: '#', cell: (c) => c.idx },
    { key: 'code', header: t('categories.code'), className: 'mono', cell: (c) => c.code },
    { key: 'name', header: t('categories.nameKo'), cell: (c) => c.name },
    { key: 'nameEn', header: t('categories.nameEn'), cell: (c) => c.nameEn },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (c) => (
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={() =>
            setDraft({
              categoryIdx: c.idx,
              code: c.code,
              name: c.name,
              nameEn: c.nameEn,
              sortOrder: list.indexOf(c) + 1,
            })
          }
        >
          {t('common.edit')}
        </button>
      ),
    },
  ];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (draft && !save.busy) save.run({ ...auth, ...draft });
  };
  const set = (patch: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...patch } : d));
  return (
    <div className="admin-tab">
      <div className="admin-toolbar">
        <span />
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => setDraft({ code: '', name: '', nameEn: '', sortOrder: list.length + 1 })}
        >
          {t('common.new')}
        </button>
      </div>
      {draft && (
        <form className="card form admin-editor" onSubmit={submit} data-testid="admin-category-editor">
          <h2 className="panel-title">{draft.categoryIdx ? t('categories.editTitle') : t('categories.newTitle')}</h2>
          <div className="admin-row">
            <label className="field">
              <span>{t('categories.code')}</span>
              <input
                value={draft.code}
                maxLength={40}
                pattern="[a-z0-9]+(-[a-z0-9]+)*"
                required
                onChange={(e) => set({ code: e.target.value.toLowerCase() })}
              />
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
              <input
                type="number"
                min={0}
                max={10000}
                value={draft.sortOrder}
                onChange={(e) => set({ sortOrder: Number(e.target.value) || 0 })}
              />
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
      <ConsoleTable
        columns={columns}
        rows={categories.data}
        rowKey={(c) => c.idx}
        testId="admin-category-table"
        loading={categories.isFetching}
        error={categories.isError}
        onRetry={() => void categories.refetch()}
      />
    </div>
  );
}
