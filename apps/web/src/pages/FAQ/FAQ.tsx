import { supportQueries } from '../../features/support/support-queries';
import { type SearchType } from '@att/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SafeHtml } from '../../components/ui/SafeHtml';
import { AccordionItem } from '../../features/support/Accordion';
import { ListState } from '../../features/support/ListState';
import { SearchBar } from '../../features/support/SearchBar';
import '../../features/support/support.css';
import { currentLanguage } from '../../i18n';

/** /FAQ: search (1 title, 2 content), category tabs (All + the fetched ones), an accordion with HTML answers. */
export function FAQ() {
  const { t } = useTranslation('support');
  const lang = currentLanguage();
  const [category, setCategory] = useState<number | null>(null);
  const [search, setSearch] = useState<{ type: SearchType; text: string }>({ type: 1, text: '' });
  const categories = useQuery(supportQueries.faqCategories());
  const items = useQuery(supportQueries.faq(lang, category, search.type, search.text));
  const list = items.data?.list ?? [];
  const tabs = [{ faqCategoryIdx: null as number | null, label: t('faq.all') }].concat(
    (categories.data?.list ?? []).map((c) => ({
      faqCategoryIdx: c.faqCategoryIdx,
      label: lang === 'en' ? c.nameEn : c.name,
    })),
  );

  return (
    <section className="page page-medium support-page" data-testid="faq-page">
      <h1 className="page-title">{t('faq.title')}</h1>
      <SearchBar type={search.type} text={search.text} onSearch={(type, text) => setSearch({ type, text })} />
      <div className="tabs faq-tabs" role="tablist" aria-label={t('faq.tabs')}>
        {tabs.map((tab) => (
          <button
            key={tab.faqCategoryIdx ?? 'all'}
            type="button"
            role="tab"
            className="tab"
            aria-selected={category === tab.faqCategoryIdx}
            data-testid={`faq-tab-${tab.faqCategoryIdx ?? 'all'}`}
            onClick={() => setCategory(tab.faqCategoryIdx)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <ListState loading={items.isPending} error={items.isError && !items.data} onRetry={() => void items.refetch()} />
      {items.data && list.length === 0 && (
        <div className="card empty-state" data-testid="faq-empty">
          <p>{search.text ? t('faq.noResult') : t('faq.empty')}</p>
        </div>
      )}
      {list.length > 0 && (
        <ul className="accordion" data-testid="faq-list">
          {list.map((f) => (
            <AccordionItem
              key={f.faqIdx}
              testId={`faq-item-${f.faqIdx}`}
              summary={
                <span className="accordion-summary">
                  <span className="faq-q" aria-hidden="true">
                    Q
                  </span>
                  <span className="accordion-title">{f.title}</span>
                  <span className="muted small">{lang === 'en' ? f.categoryNameEn : f.categoryName}</span>
                </span>
              }
            >
              <SafeHtml html={f.message} className="rich-text" testId={`faq-answer-${f.faqIdx}`} />
            </AccordionItem>
          ))}
        </ul>
      )}
    </section>
  );
}
