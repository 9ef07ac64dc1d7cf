import { adminKeys, adminQueries } from './admin-queries';
import { supportKeys } from '../../features/support/support-queries';
import type { AdminFaq } from '@att/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { popups } from '../../features/popups/popup-store';
import { useApiCall } from '../../lib/api';
import { AdminSearch, useAuthFields } from './admin-kit';
import { type Column, ConsoleTable, usePagedList } from './ConsoleTable';
import { HtmlField } from './HtmlField';
import { PublishState } from '@att/shared';

type ItemDraft = Pick<AdminFaq, 'categoryIdx' | 'lang' | 'title' | 'message' | 'sortOrder' | 'state'> & {
  faqIdx?: number;
};
type CategoryDraft = { faqCategoryIdx?: number; name: string; nameEn: string; sortOrder: number };

export function FaqTab() {
  const { t } = useTranslation('admin');
  const auth = useAuthFields();
  const queryClient = useQueryClient();
  const [item, setItem] = useState<ItemDraft | null>(null);
  const [category, setCategory] = useState<CategoryDraft | null>(null);
  const categories = useQuery(adminQueries.faqCategories(auth));
  const items = usePagedList('/admin/faq/list');
  const refresh = () => {
    for (const queryKey of [
      adminKeys.list('/admin/faq/list'),
      adminKeys.list('/admin/faq/category/list'),
      supportKeys.faqCategories(),
      supportKeys.faqs(),
    ]) {
      void queryClient.invalidateQueries({ queryKey });
    }
    popups.ok(t('common.saved'));
  };
  const saveItem = useApiCall('/admin/faq/save', {
    onSuccess: () => {
      setItem(null);
      refresh();
    },
  });
  const saveCategory = useApiCall('/admin/faq/category/save', {
    onSuccess: () => {
      setCategory(null);
      refresh();
    },
  });
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
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={() =>
            setItem({
              faqIdx: f.faqIdx,
              categoryIdx: f.categoryIdx,
              lang: f.lang,
              title: f.title,
              message: f.message,
              sortOrder: f.sortOrder,
              state: f.state,
            })
          }
          data-testid={`admin-faq-edit-${f.faqIdx}`}
        >
          {t('common.edit')}
        </button>
      ),
    },
  ];

  const submitItem = (e: FormEvent) => {
    e.preventDefault();
    if (item && !saveItem.busy) saveItem.run({ ...auth, ...item });
  };
  const submitCategory = (e: FormEvent) => {
    e.preventDefault();
    if (category && !saveCategory.busy) saveCategory.run({ ...auth, ...category });
  };
  const setI = (patch: Partial<ItemDraft>) => setItem((d) => (d ? { ...d, ...patch } : d));
  const setC = (patch: Partial<CategoryDraft>) => setCategory((d) => (d ? { ...d, ...patch } : d));

  return (
    <div className="admin-tab admin-split">
      <section className="card admin-side">
        <h2 className="panel-title">{t('faq.categories')}</h2>
        <ul className="admin-list" data-testid="admin-faq-categories">
          {cats.map((c) => (
            <li key={c.faqCategoryIdx}>
              <span>
                {c.name} / {c.nameEn} <span className="muted small">({c.sortOrder})</span>
              </span>
              <button type="button" className="btn btn-outline btn-sm" onClick={() => setCategory({ ...c })}>
                {t('common.edit')}
              </button>
            </li>
          ))}
        </ul>
        {category ? (
          <form className="form" onSubmit={submitCategory} data-testid="admin-faq-category-editor">
            <label className="field">
              <span>{t('faq.nameKo')}</span>
              <input value={category.name} maxLength={50} required onChange={(e) => setC({ name: e.target.value })} />
            </label>
            <label className="field">
              <span>{t('faq.nameEn')}</span>
              <input
                value={category.nameEn}
                maxLength={50}
                required
                onChange={(e) => setC({ nameEn: e.target.value })}
              />
            </label>
            <label className="field">
              <span>{t('common.sortOrder')}</span>
              <input
                type="number"
                min={0}
                max={10000}
                value={category.sortOrder}
                onChange={(e) => setC({ sortOrder: Number(e.target.value) || 0 })}
              />
            </label>
            <div className="form-actions">
              <button type="button" className="btn btn-outline" onClick={() => setCategory(null)}>
                {t('common.cancel')}
              </button>
              <button type="submit" className="btn btn-primary" disabled={saveCategory.busy}>
                {t('common.save')}
              </button>
            </div>
          </form>
        ) : (
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => setCategory({ name: '', nameEn: '', sortOrder: cats.length + 1 })}
          >
            {t('faq.newCategory')}
          </button>
        )}
      </section>
      <section className="admin-main">
        <div className="admin-toolbar">
          <AdminSearch testId="admin-faq" onSearch={items.search} />
          <button
            type="button"
            className="btn btn-primary"
            disabled={cats.length === 0}
            onClick={() =>
              setItem({
                categoryIdx: cats[0]!.faqCategoryIdx,
                lang: 'ko',
                title: '',
                message: '',
                sortOrder: 0,
                state: 1,
              })
            }
          >
            {t('common.new')}
          </button>
        </div>
        {item && (
          <form className="card form admin-editor" onSubmit={submitItem} data-testid="admin-faq-editor">
            <h2 className="panel-title">{item.faqIdx ? t('faq.editTitle') : t('faq.newTitle')}</h2>
            <div className="admin-row">
              <label className="field">
                <span>{t('faq.category')}</span>
                <select value={item.categoryIdx} onChange={(e) => setI({ categoryIdx: Number(e.target.value) })}>
                  {cats.map((c) => (
                    <option key={c.faqCategoryIdx} value={c.faqCategoryIdx}>
                      {c.name}
                    </option>
                  ))}
                </select>
              </label>
              <label className="field">
                <span>{t('common.lang')}</span>
                <select value={item.lang} onChange={(e) => setI({ lang: e.target.value === 'en' ? 'en' : 'ko' })}>
                  <option value="ko">한국어</option>
                  <option value="en">English</option>
                </select>
              </label>
              <label className="field">
                <span>{t('common.sortOrder')}</span>
                <input
                  type="number"
                  min={0}
                  max={10000}
                  value={item.sortOrder}
                  onChange={(e) => setI({ sortOrder: Number(e.target.value) || 0 })}
                />
              </label>
            </div>
            <label className="field">
              <span>{t('faq.question')}</span>
              <input
                value={item.title}
                maxLength={200}
                required
                onChange={(e) => setI({ title: e.target.value })}
                data-testid="admin-faq-title"
              />
            </label>
            <HtmlField
              label={t('faq.answer')}
              value={item.message}
              onChange={(message) => setI({ message })}
              testId="admin-faq-message"
            />
            <label className="check">
              <input
                type="checkbox"
                checked={item.state === PublishState.Published}
                onChange={(e) => setI({ state: e.target.checked ? PublishState.Published : PublishState.Hidden })}
              />
              {t('common.published')}
            </label>
            <div className="form-actions">
              <button type="button" className="btn btn-outline" onClick={() => setItem(null)}>
                {t('common.cancel')}
              </button>
              <button type="submit" className="btn btn-primary" disabled={saveItem.busy} data-testid="admin-faq-save">
                {t('common.save')}
              </button>
            </div>
          </form>
        )}
        <ConsoleTable
          columns={columns}
          rows={items.rows}
          rowKey={(f) => f.faqIdx}
          testId="admin-faq-table"
          {...items.tableProps}
        />
      </section>
    </div>
  );
}
