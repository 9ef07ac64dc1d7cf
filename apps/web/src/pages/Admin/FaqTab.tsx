import { adminKeys, adminQueries } from './admin-queries';
import { supportKeys } from '../../features/support/support-queries';
import type { AdminFaq } from '@att/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConsoleToolbar, useAuthFields } from './admin-kit';
import { CheckField, ConsoleEditor, LangField, RowButton, SortOrderField, TextField } from './ConsoleEditor';
import { type Column, ConsoleTable, usePagedList } from './ConsoleTable';
import { HtmlField } from './HtmlField';
import { PublishState } from '@att/shared';
import { useConsoleDraft } from './useConsoleDraft';

type ItemDraft = Pick<AdminFaq, 'categoryIdx' | 'lang' | 'title' | 'message' | 'sortOrder' | 'state'> & {
  faqIdx?: number;
};
type CategoryDraft = { faqCategoryIdx?: number; name: string; nameEn: string; sortOrder: number };

/** A save refreshes both console lists and the public FAQ page. */
const REFRESH = [
  adminKeys.list('/admin/faq/list'),
  adminKeys.list('/admin/faq/category/list'),
  supportKeys.faqCategories(),
  supportKeys.faqs(),
];

export function FaqTab() {
  const { t } = useTranslation('admin');
  const auth = useAuthFields();
  const categories = useQuery(adminQueries.faqCategories(auth));
  const items = usePagedList('/admin/faq/list');
  const item = useConsoleDraft<ItemDraft, '/admin/faq/save'>('/admin/faq/save', REFRESH);
  const category = useConsoleDraft<CategoryDraft, '/admin/faq/category/save'>('/admin/faq/category/save', REFRESH);
  const cats = categories.data?.list ?? [];
  const columns: Column<AdminFaq>[] = [
    { key: 'idx', header: '#', cell: (f) => f.faqIdx },
    { key: 'category', header: t('faq.category'), cell: (f) => f.categoryName },
    { key: 'lang', header: t('common.lang'), cell: (f) => f.lang },
    { key: 'title', header: t('faq.question'), className: 'admin-title-cell', cell: (f) => f.title },
    {
      key: 'state',
      header: t('common.state'),
      cell: (f) => (f.state === PublishState.Published ? t('common.published') : t('common.hidden')),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (f) => (
        <RowButton
          onClick={() =>
            item.open({
              faqIdx: f.faqIdx,
              categoryIdx: f.categoryIdx,
              lang: f.lang,
              title: f.title,
              message: f.message,
              sortOrder: f.sortOrder,
              state: f.state,
            })
          }
          testId={`admin-faq-edit-${f.faqIdx}`}
        />
      ),
    },
  ];

  const i = item.draft;
  const c = category.draft;

  return (
    <div className="admin-tab admin-split">
      <section className="card admin-side">
        <h2 className="panel-title">{t('faq.categories')}</h2>
        <ul className="admin-list" data-testid="admin-faq-categories">
          {cats.map((row) => (
            <li key={row.faqCategoryIdx}>
              <span>
                {row.name} / {row.nameEn} <span className="muted small">({row.sortOrder})</span>
              </span>
              <RowButton onClick={() => category.open({ ...row })} />
            </li>
          ))}
        </ul>
        {c ? (
          <ConsoleEditor editor={category} compact testId="admin-faq-category-editor">
            <TextField
              label={t('faq.nameKo')}
              value={c.name}
              maxLength={50}
              onChange={(name) => category.set({ name })}
            />
            <TextField
              label={t('faq.nameEn')}
              value={c.nameEn}
              maxLength={50}
              onChange={(nameEn) => category.set({ nameEn })}
            />
            <SortOrderField value={c.sortOrder} onChange={(sortOrder) => category.set({ sortOrder })} />
          </ConsoleEditor>
        ) : (
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => category.open({ name: '', nameEn: '', sortOrder: cats.length + 1 })}
          >
            {t('faq.newCategory')}
          </button>
        )}
      </section>
      <section className="admin-main">
        <ConsoleToolbar
          search={{ testId: 'admin-faq', onSearch: items.search }}
          newDisabled={cats.length === 0}
          onNew={() =>
            item.open({
              categoryIdx: cats[0]!.faqCategoryIdx,
              lang: 'ko',
              title: '',
              message: '',
              sortOrder: 0,
              state: 1,
            })
          }
        />
        {i && (
          <ConsoleEditor
            editor={item}
            title={i.faqIdx ? t('faq.editTitle') : t('faq.newTitle')}
            testId="admin-faq-editor"
            saveTestId="admin-faq-save"
          >
            <div className="admin-row">
              <label className="field">
                <span>{t('faq.category')}</span>
                <select value={i.categoryIdx} onChange={(e) => item.set({ categoryIdx: Number(e.target.value) })}>
                  {cats.map((row) => (
                    <option key={row.faqCategoryIdx} value={row.faqCategoryIdx}>
                      {row.name}
                    </option>
                  ))}
                </select>
              </label>
              <LangField value={i.lang} onChange={(lang) => item.set({ lang })} />
              <SortOrderField value={i.sortOrder} onChange={(sortOrder) => item.set({ sortOrder })} />
            </div>
            <TextField
              label={t('faq.question')}
              value={i.title}
              maxLength={200}
              onChange={(title) => item.set({ title })}
              testId="admin-faq-title"
            />
            <HtmlField
              label={t('faq.answer')}
              value={i.message}
              onChange={(message) => item.set({ message })}
              testId="admin-faq-message"
            />
            <CheckField
              label={t('common.published')}
              checked={i.state === PublishState.Published}
              onChange={(on) => item.set({ state: on ? PublishState.Published : PublishState.Hidden })}
            />
          </ConsoleEditor>
        )}
        <ConsoleTable columns={columns} rowKey={(f) => f.faqIdx} testId="admin-faq-table" {...items.tableProps} />
      </section>
    </div>
  );
}
