/**
 * The side filter panel of the item grids: status 1-4, a collection's traits, price (type USD/ATT/KLAY with a range), collections
 * (with a search box), sale coin, item type and category. Which sections show is the caller's choice (the
 * Liked tab hides price and status; a collection's own grid has no collection list, its Hide tab no coin).
 * Changes apply at once (the grid goes back to page 1).
 */
import { type CollectionTraitType, ItemStatusFilter, PriceFilter, TOKEN_SYMBOLS } from '@att/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCategories } from '../../../lib/config';
import { type CollectionSource, collectionQueries } from '../../collections';
import { type BrowseFilters, decimalInput, toggle } from './browse-filters';
import { TraitFilterSection } from './TraitFilterSection';

const STATUSES = [ItemStatusFilter.Buy, ItemStatusFilter.Auction, ItemStatusFilter.New, ItemStatusFilter.Offers];
const PRICE_TYPES = [PriceFilter.Usd, PriceFilter.Att, PriceFilter.Klay] as const;

export interface PanelSections {
  status?: boolean;
  price?: boolean;
  itemType?: boolean;
  category?: boolean;
  /** The sale-coin section shows unless this is false. */
  coin?: boolean;
}

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

function CollectionList({
  value,
  onChange,
  source,
}: {
  value: BrowseFilters;
  onChange: (f: BrowseFilters) => void;
  source: CollectionSource;
}) {
  const { t } = useTranslation('marketplace');
  const [text, setText] = useState('');
  const searchText = useDebounced(text.trim(), 300);
  const id = useId();
  const list = useQuery(collectionQueries.entries(source, searchText));
  const chosen = new Set(value.collections.map((c) => c.idx));
  const flip = (idx: number, name: string) =>
    onChange({
      ...value,
      collections: chosen.has(idx)
        ? value.collections.filter((c) => c.idx !== idx)
        : [...value.collections, { idx, name }],
    });
  return (
    <fieldset className="browse-collections">
      <legend>{t('collections')}</legend>
      <label htmlFor={id} className="sr-only">
        {t('collectionSearch')}
      </label>
      <input
        id={id}
        type="search"
        placeholder={t('collectionSearch')}
        value={text}
        data-testid="filter-collection-search"
        onChange={(e) => setText(e.target.value)}
      />
      <div className="browse-collection-list" data-testid="filter-collections">
        {list.isError ? (
          <p className="muted small">{t('collectionsFailed')}</p>
        ) : list.data && list.data.length === 0 ? (
          <p className="muted small">{t('collectionsEmpty')}</p>
        ) : (
          (list.data ?? []).map((c) => (
            <label key={c.collectionIdx} className="check">
              <input
                type="checkbox"
                checked={chosen.has(c.collectionIdx)}
                data-testid={`filter-collection-${c.collectionIdx}`}
                onChange={() => flip(c.collectionIdx, c.collectionName)}
              />{' '}
              {c.collectionName}
            </label>
          ))
        )}
      </div>
    </fieldset>
  );
}

function PriceSection({ value, onChange }: { value: BrowseFilters; onChange: (f: BrowseFilters) => void }) {
  const { t } = useTranslation('marketplace');
  const ids = { unit: useId(), min: useId(), max: useId() };
  const [draft, setDraft] = useState({
    type: value.price?.type ?? PriceFilter.Att,
    start: value.price?.start ?? '',
    end: value.price?.end ?? '',
  });
  // The chip's removal or a reset clears the inputs too.
  const applied = value.price;
  useEffect(() => {
    if (!applied) setDraft((d) => ({ ...d, start: '', end: '' }));
  }, [applied]);
  const apply = () =>
    onChange({
      ...value,
      price:
        draft.start || draft.end
          ? { type: draft.type, start: draft.start || undefined, end: draft.end || undefined }
          : undefined,
    });
  return (
    <fieldset>
      <legend>{t('price')}</legend>
      <div className="price-range">
        <label htmlFor={ids.unit} className="sr-only">
          {t('priceType')}
        </label>
        <select
          id={ids.unit}
          value={draft.type}
          data-testid="filter-price-type"
          onChange={(e) => setDraft((d) => ({ ...d, type: Number(e.target.value) as typeof d.type }))}
        >
          {PRICE_TYPES.map((p) => (
            <option key={p} value={p}>
              {t(`priceTypes.${p}`)}
            </option>
          ))}
        </select>
        <input
          id={ids.min}
          inputMode="decimal"
          aria-label={t('priceMin')}
          placeholder={t('priceMin')}
          value={draft.start}
          data-testid="filter-price-min"
          onChange={(e) => setDraft((d) => ({ ...d, start: decimalInput(e.target.value) }))}
          onKeyDown={(e) => e.key === 'Enter' && apply()}
        />
        <input
          id={ids.max}
          inputMode="decimal"
          aria-label={t('priceMax')}
          placeholder={t('priceMax')}
          value={draft.end}
          data-testid="filter-price-max"
          onChange={(e) => setDraft((d) => ({ ...d, end: decimalInput(e.target.value) }))}
          onKeyDown={(e) => e.key === 'Enter' && apply()}
        />
        <button type="button" className="btn btn-secondary" data-testid="filter-price-apply" onClick={apply}>
          {t('apply')}
        </button>
      </div>
    </fieldset>
  );
}

export function FilterPanel({
  value,
  onChange,
  sections,
  collections,
  traits,
}: {
  value: BrowseFilters;
  onChange: (f: BrowseFilters) => void;
  sections: PanelSections;
  /** Without a source the panel has no collection section (a collection's own grid). */
  collections?: CollectionSource;
  /** A collection's trait types with their values (its own grid): the trait section. */
  traits?: CollectionTraitType[];
}) {
  const { t, i18n } = useTranslation('marketplace');
  const categories = useCategories();
  return (
    <div className="browse-panel" data-testid="filter-panel">
      {sections.status && (
        <fieldset>
          <legend>{t('status')}</legend>
          {STATUSES.map((s) => (
            <label key={s} className="check">
              <input
                type="checkbox"
                checked={value.filterStatus.includes(s)}
                data-testid={`filter-status-${s}`}
                onChange={() => onChange({ ...value, filterStatus: toggle(value.filterStatus, s) })}
              />{' '}
              {t(`statuses.${s}`)}
            </label>
          ))}
        </fieldset>
      )}
      {traits && <TraitFilterSection traits={traits} value={value} onChange={onChange} />}
      {sections.price && <PriceSection value={value} onChange={onChange} />}
      {collections && <CollectionList value={value} onChange={onChange} source={collections} />}
      {sections.coin !== false && (
        <fieldset>
          <legend>{t('coin')}</legend>
          {TOKEN_SYMBOLS.map((c) => (
            <label key={c} className="check">
              <input
                type="checkbox"
                checked={value.filterCoin.includes(c)}
                data-testid={`filter-coin-${c}`}
                onChange={() => onChange({ ...value, filterCoin: toggle(value.filterCoin, c) })}
              />{' '}
              {c}
            </label>
          ))}
        </fieldset>
      )}
      {sections.itemType && (
        <fieldset>
          <legend>{t('itemType')}</legend>
          {([1, 2] as const).map((n) => (
            <label key={n} className="check">
              <input
                type="checkbox"
                checked={value.filterItemType === n}
                data-testid={`filter-item-type-${n}`}
                onChange={() => onChange({ ...value, filterItemType: value.filterItemType === n ? undefined : n })}
              />{' '}
              {t(`itemTypes.${n}`)}
            </label>
          ))}
        </fieldset>
      )}
      {sections.category && (
        <fieldset>
          <legend>{t('category')}</legend>
          <select
            aria-label={t('category')}
            value={value.filterCategory ?? 0}
            data-testid="filter-category"
            onChange={(e) => onChange({ ...value, filterCategory: Number(e.target.value) || undefined })}
          >
            <option value={0}>{t('allCategories')}</option>
            {(categories.data ?? []).map((c) => (
              <option key={c.idx} value={c.idx}>
                {i18n.language === 'en' ? c.nameEn : c.name}
              </option>
            ))}
          </select>
        </fieldset>
      )}
    </div>
  );
}
