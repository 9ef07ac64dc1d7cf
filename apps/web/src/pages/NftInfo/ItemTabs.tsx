/**
 * The bottom tabs (spec 3): transaction history (the shared history list filtered to this item: event icon and
 * label, price, from, to, date, explorer link) and chain information. Arrow keys, Home and End move between tabs.
 */
import { useTranslation } from 'react-i18next';
import { TabBar, useTabs } from '../../components/ui/TabBar';
import { HistoryList } from '../../features/history/HistoryList';
import { defaultHistoryFilters, useHistoryList } from '../../features/history/history-queries';
import { ChainInfoPanel } from './ChainInfoPanel';

const TABS = ['history', 'chain'] as const;
type Tab = (typeof TABS)[number];

export function ItemTabs({ productId }: { productId: number }) {
  const { t } = useTranslation('itemDetail');
  const tabs = useTabs<Tab>('history');
  return (
    <section className="card item-section item-tabs" data-testid="item-tabs">
      <TabBar tabs={TABS} {...tabs.bar} label={t('tabs.label')} testId={(key) => `item-tab-${key}`}>
        {(key) => t(`tabs.${key}`)}
      </TabBar>
      <div className="tab-panel" {...tabs.panel}>
        {tabs.tab === 'history' ? <ItemHistory productId={productId} /> : <ChainInfoPanel productId={productId} />}
      </div>
    </section>
  );
}

function ItemHistory({ productId }: { productId: number }) {
  const query = useHistoryList({ kind: 'item', productIdx: productId }, defaultHistoryFilters);
  return <HistoryList query={query} />;
}
