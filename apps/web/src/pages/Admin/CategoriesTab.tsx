import type { Category } from '@att/shared';
import { useTranslation } from 'react-i18next';
import { categoriesQuery, useCategories } from '../../lib/config';
import { ConsoleToolbar } from './admin-kit';
import { ConsoleEditor, RowButton, SortOrderField, TextField } from './ConsoleEditor';
import { type Column, ConsoleTable } from './ConsoleTable';
import { useConsoleDraft } from './useConsoleDraft';

type Draft = { categoryIdx?: number; code: string; name: string; nameEn: string; sortOrder: number };

/** Marketplace categories (/nft/category/list): rename, reorder, add. */
export function CategoriesTab() {
  const { t } = useTranslation('admin');
  const categories = useCategories();
  const editor = useConsoleDraft<Draft, '/admin/category/save'>('/admin/category/save', [categoriesQuery.queryKey]);
  const { draft, set } = editor;
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
        <RowButton
          onClick={() =>
            editor.open({
              categoryIdx: c.idx,
              code: c.code,
              name: c.name,
              nameEn: c.nameEn,
              sortOrder: list.indexOf(c) + 1,
            })
          }
        />
      ),
    },
  ];
  return (
    <div className="admin-tab">
      <ConsoleToolbar onNew={() => editor.open({ code: '', name: '', nameEn: '', sortOrder: list.length + 1 })} />
      {draft && (
        <ConsoleEditor
          editor={editor}
          title={draft.categoryIdx ? t('categories.editTitle') : t('categories.newTitle')}
          testId="admin-category-editor"
        >
          <div className="admin-row">
            <TextField
              label={t('categories.code')}
              value={draft.code}
              maxLength={40}
              pattern="[a-z0-9]+(-[a-z0-9]+)*"
              onChange={(code) => set({ code: code.toLowerCase() })}
            />
            <TextField
              label={t('categories.nameKo')}
              value={draft.name}
              maxLength={50}
              onChange={(name) => set({ name })}
            />
            <TextField
              label={t('categories.nameEn')}
              value={draft.nameEn}
              maxLength={50}
              onChange={(nameEn) => set({ nameEn })}
            />
            <SortOrderField value={draft.sortOrder} onChange={(sortOrder) => set({ sortOrder })} />
          </div>
        </ConsoleEditor>
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
