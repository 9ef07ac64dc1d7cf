/**
 * The bottom tabs (spec 3): transaction history (the shared history list filtered to this item: event icon and
 * label, price, from, to, date, explorer link) and chain information. Arrow keys move between tabs.
 */
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HistoryList } from '../../features/history/HistoryList';
import { defaultHistoryFilters, useHistoryList } from '../../features/history/history-queries';
import { ChainInfoPanel } from './ChainInfoPanel';

const TABS = ['history', 'chain'] as const;
type Tab = (typeof TABS)[number];

export function ItemTabs({ productId }: { productId: number }) {
  const { t } = useTranslation('itemDetail');
  const [tab, setTab] = useState<Tab>('history');
  const baseId = useId();
  const refs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});
  const onKeyDown = (e: KeyboardEvent, i: number) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = TABS[(i + step + TABS.length) % TABS.length]!;
    setTab(next);
    refs.current[next]?.focus();
  };
  return (
    <section className="card item-section item-tabs" data-testid="item-tabs">
      <div className="tabs" role="tablist" aria-label={t('tabs.label')}>
        {TABS.map((key, i) => (
          <button
            key={key}
            ref={(el) => {
              refs.current[key] = el;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${key}`}
            aria-selected={tab === key}
            aria-controls={`${baseId}-panel`}
            tabIndex={tab === key ? 0 : -1}
            className="tab"
            data-testid={`item-tab-${key}`}
            onClick={() => setTab(key)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {t(`tabs.${key}`)}
          </button>
        ))}
      </div>
      <div
        className="tab-panel"
        role="tabpanel"
        id={`${baseId}-panel`}
        aria-labelledby={`${baseId}-tab-${tab}`}
        tabIndex={0}
      >
        {tab === 'history' ? <ItemHistory productId={productId} /> : <ChainInfoPanel productId={productId} />}
      </div>
    </section>
  );
}

function ItemHistory({ productId }: { productId: number }) {
  const query = useHistoryList({ kind: 'item', productIdx: productId }, defaultHistoryFilters);
  return <HistoryList query={query} />;
}
