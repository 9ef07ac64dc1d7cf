import { ItemOrder, ItemStatusFilter, PriceFilter, TOKEN_SYMBOLS } from '@att/shared';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from '../../components/ui/icons';
import { defaultFilters, type ItemFilters } from '../../features/items/item-queries';

const ORDERS = [ItemOrder.Newest, ItemOrder.Popular, ItemOrder.MostViewed, ItemOrder.Oldest];
const STATUSES = [ItemStatusFilter.Buy, ItemStatusFilter.Auction, ItemStatusFilter.New, ItemStatusFilter.Offers];

/** Search box (Enter), order dropdown and a filter panel (status, price range in ATT or KLAY, coin) of a collection's items. */
export function ItemFiltersBar({ value, onChange, total }: { value: ItemFilters; onChange: (f: ItemFilters) => void; total?: number }) {
  const { t } = useTranslation('collection');
  const ids = { search: useId(), order: useId(), panel: useId(), min: useId(), max: useId(), unit: useId() };
  const [text, setText] = useState(value.searchText);
  const [open, setOpen] = useState(false);
  const [price, setPrice] = useState({ unit: PriceFilter.Att as number, min: '', max: '' });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onChange({ ...value, searchText: text.trim() });
  };
  const toggle = <T,>(list: T[], v: T) => (list.includes(v) ? list.filter((x) => x !== v) : [...list, v]);
  const applyPrice = () =>
    onChange({ ...value, filterPrice: price.unit, startPrice: price.min || undefined, endPrice: price.max || undefined });
  const decimal = (s: string) => s.replace(/[^0-9.]/g, '').replace(/(\..*)\./g, '$1');

  return (
    <div className="filters">
      <div className="filters-bar">
        <form role="search" className="search-box filters-search" onSubmit={submit}>
          <label htmlFor={ids.search} className="sr-only">
            {t('page.search')}
          </label>
          <SearchIcon size={18} />
          <input
            id={ids.search}
            type="search"
            enterKeyHint="search"
            value={text}
            placeholder={t('page.searchPlaceholder')}
            data-testid="collection-search"
            onChange={(e) => setText(e.target.value)}
          />
        </form>
        <label htmlFor={ids.order} className="sr-only">
          {t('page.order')}
        </label>
        <select
          id={ids.order}
          className="filters-order"
          value={value.orderType}
          data-testid="collection-order"
          onChange={(e) => onChange({ ...value, orderType: Number(e.target.value) })}
        >
          {ORDERS.map((o) => (
            <option key={o} value={o}>
              {t(`page.orders.${o}`)}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="btn btn-outline"
          aria-expanded={open}
          aria-controls={ids.panel}
          data-testid="collection-filters-toggle"
          onClick={() => setOpen((o) => !o)}
        >
          {t('page.filters')}
        </button>
      </div>
      {open && (
        <div className="filters-panel card" id={ids.panel} data-testid="collection-filters">
          <fieldset>
            <legend>{t('page.status')}</legend>
            {STATUSES.map((s) => (
              <label key={s} className="check">
                <input
                  type="checkbox"
                  checked={value.filterStatus.includes(s)}
                  data-testid={`filter-status-${s}`}
                  onChange={() => onChange({ ...value, filterStatus: toggle(value.filterStatus, s) })}
                />{' '}
                {t(`page.statuses.${s}`)}
              </label>
            ))}
          </fieldset>
          <fieldset>
            <legend>{t('page.price')}</legend>
            <div className="price-range">
              <label htmlFor={ids.unit} className="sr-only">
                {t('page.coin')}
              </label>
              <select id={ids.unit} value={price.unit} onChange={(e) => setPrice((p) => ({ ...p, unit: Number(e.target.value) }))}>
                <option value={PriceFilter.Att}>ATT</option>
                <option value={PriceFilter.Klay}>KLAY</option>
              </select>
              <input
                id={ids.min}
                inputMode="decimal"
                aria-label={t('page.priceMin')}
                placeholder={t('page.priceMin')}
                value={price.min}
                onChange={(e) => setPrice((p) => ({ ...p, min: decimal(e.target.value) }))}
              />
              <input
                id={ids.max}
                inputMode="decimal"
                aria-label={t('page.priceMax')}
                placeholder={t('page.priceMax')}
                value={price.max}
                onChange={(e) => setPrice((p) => ({ ...p, max: decimal(e.target.value) }))}
              />
              <button type="button" className="btn btn-secondary" onClick={applyPrice}>
                {t('page.apply')}
              </button>
            </div>
          </fieldset>
          <fieldset>
            <legend>{t('page.coin')}</legend>
            {TOKEN_SYMBOLS.map((c) => (
              <label key={c} className="check">
                <input
                  type="checkbox"
                  checked={value.filterCoin.includes(c)}
                  onChange={() => onChange({ ...value, filterCoin: toggle(value.filterCoin, c) })}
                />{' '}
                {c}
              </label>
            ))}
          </fieldset>
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setText('');
              setPrice({ unit: PriceFilter.Att, min: '', max: '' });
              onChange(defaultFilters);
            }}
          >
            {t('page.reset')}
          </button>
        </div>
      )}
      {total !== undefined && (
        <p className="muted small" aria-live="polite" data-testid="collection-result-count">
          {t('page.resultCount', { count: total })}
        </p>
      )}
    </div>
  );
}
