/**
 * A profile's item tab (MyItem, Liked, HiddenItem of spec 2, own and other profiles): search box (Enter), order
 * dropdown (1 latest, 2 popular, 3 most viewed, 4 oldest), the side filter panel (status, price, collections,
 * coin; price and status hidden on Liked) collapsing into a drawer at a window width of 1404 px or less (resize
 * debounce 300 ms), chips with a reset, and the grid (500 a page). Mounted by the profile pages.
 */
import { useQuery } from '@tanstack/react-query';
import { type JSX, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { collectionQueries } from '../collections';
import { useSession } from '../../lib/session';
import { emptyFilters, requestFields, type BrowseFilters } from './browse/browse-filters';
import { useItemPages } from './browse/infinite-items';
import { browseQueryOf, ItemBrowser } from './browse/ItemBrowser';
import { PROFILE_ORDER_OPTIONS } from './browse/orders';

export const PROFILE_PAGE_SIZE = 500;
/** The filter panel collapses at this window width or less (spec 2, section 9). */
export const PROFILE_PANEL_COLLAPSE = 1404;

type Kind = 'owned' | 'liked' | 'hidden';

/** The list route of a tab: own lists need the ticket, other members' lists name the member. */
export function profileListPath(kind: Kind, mine: boolean) {
  if (kind === 'hidden') return '/nft/hide/list' as const;
  if (kind === 'liked') return mine ? ('/nft/like/list' as const) : ('/nft/like/list/other' as const);
  return mine ? ('/nft/info/allList' as const) : ('/nft/info/allList/other' as const);
}

export function ProfileItemsTab(props: {
  kind: 'owned' | 'liked' | 'hidden';
  member: { memberIdx: number; userName: string; address: string };
  mine: boolean;
  collectionIdx?: number;
}): JSX.Element {
  const { kind, member, mine, collectionIdx } = props;
  const { t } = useTranslation('marketplace');
  const { id, ticket } = useSession();
  const [filters, setFilters] = useState<BrowseFilters>(() => ({
    ...emptyFilters(1),
    collections: collectionIdx ? [{ idx: collectionIdx, name: '' }] : [],
  }));
  // The preselected collection's name for its chip.
  const preselected = useQuery(collectionQueries.info(collectionIdx ?? null));
  const preName = preselected.data?.collectionName;
  useEffect(() => {
    if (!preName) return;
    setFilters((f) => ({
      ...f,
      collections: f.collections.map((c) => (c.idx === collectionIdx && !c.name ? { ...c, name: preName } : c)),
    }));
  }, [preName, collectionIdx]);

  const liked = kind === 'liked';
  const path = profileListPath(kind, mine);
  const own = path === '/nft/info/allList' || path === '/nft/like/list' || path === '/nft/hide/list';
  const body = useMemo(() => {
    const fields = requestFields(liked ? { ...filters, filterStatus: [], price: undefined } : filters);
    return own ? { id: id ?? '', ticketId: ticket ?? '', ...fields } : { memberIdx: member.memberIdx, ...fields };
  }, [filters, liked, own, id, ticket, member.memberIdx]);
  const pages = useItemPages(path, body as never, PROFILE_PAGE_SIZE, {
    enabled: own ? Boolean(id && ticket) && mine : true,
  });
  const query = browseQueryOf(pages);
  const orders = PROFILE_ORDER_OPTIONS.map((o) => ({ value: o.value, label: t(`orders.${o.key}`) }));

  return (
    <ItemBrowser
      testId={`profile-items-${kind}`}
      filters={filters}
      onChange={setFilters}
      orders={orders}
      sections={{ status: !liked, price: !liked }}
      collections={{ kind: 'member', userName: member.userName, type: liked ? 2 : 0 }}
      query={query}
      collapseAt={PROFILE_PANEL_COLLAPSE}
      searchBox={{}}
      chipSearch
      empty={
        <p>
          {filters.searchText ||
          filters.filterStatus.length ||
          filters.collections.length ||
          filters.filterCoin.length ||
          filters.price
            ? t('empty')
            : t(`profileEmpty.${kind}`)}
        </p>
      }
    />
  );
}
