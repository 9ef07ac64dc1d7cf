import type { ItemCard as Item } from '@att/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { updateSession, clearSession } from '../../lib/session';
import { popups, usePopups } from '../popups/popup-store';
import { ItemCard } from './ItemCard';

// The card reads the CDN base from /config/front; without a server the default /cdn applies.
vi.mock('../../lib/api/client', () => ({ api: vi.fn(async () => ({ returnCode: 901 })) }));

const base: Item = {
  productId: 7,
  tokenId: '1',
  collectionIdx: 2,
  collectionName: '컬렉션',
  name: '작품',
  resourceType: 2,
  fileFormat: 'webm',
  fileName: 'abcdefgh.webm',
  thumbnailFileName: 'thumbnail.png',
  category: 1,
  itemType: 1,
  totalItemCount: 10,
  ownerCount: 1,
  countHeart: 0,
  countView: 0,
  hideState: 0,
  flagMint: 0,
  creatorId: 'artist',
  lastPrice: null,
  lastSymbol: null,
  priceAmount: null,
  priceSymbol: null,
  saleType: null,
  createDate: '2026-11-21T00:00:00Z',
  itemCountMine: 10,
  itemCountOnSaleMine: 0,
  itemCountReservedMine: 0,
};

let lastPopup = '';
function PopupProbe() {
  const list = usePopups();
  const top = list[list.length - 1];
  lastPopup = top && 'message' in top ? top.message : '';
  return null;
}

let lastPath = '';
function PathProbe() {
  const location = useLocation();
  lastPath = location.pathname + location.hash;
  return null;
}

function show(item: Item) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <ItemCard item={item} />
        <PopupProbe />
        <PathProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The entries of the owner menu, opened with a click. */
function menuEntries(): string[] {
  fireEvent.click(screen.getByTestId('item-owner-menu'));
  return within(screen.getByRole('list'))
    .getAllByRole('button')
    .map((b) => b.getAttribute('data-testid')!);
}

describe('ItemCard', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('ko');
    updateSession({ id: 'artist', ticket: 't' });
  });
  afterEach(() => {
    popups.clear();
    clearSession();
  });

  it('links to the item, shows the thumbnail of a video, its kind and edition count', () => {
    show(base);
    expect(screen.getByTestId('item-card-link').getAttribute('href')).toBe('/NftInfo/7');
    expect(screen.getByText('동영상')).toBeTruthy();
    expect(screen.getByText('10개 에디션')).toBeTruthy();
    expect(document.querySelector('img')?.getAttribute('src')).toBe('/cdn/item/thumbnail/w400/thumbnail.webp');
  });

  it('shows the 400 px WebP card image, and the original when there is none (GIF) or it fails to load', () => {
    show({ ...base, resourceType: 1, fileName: 'art.jpg', fileFormat: 'jpg' });
    const img = document.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/cdn/item/resource/w400/art.webp');
    fireEvent.error(img);
    expect(document.querySelector('img')?.getAttribute('src')).toBe('/cdn/item/resource/art.jpg');
    cleanup();
    show({ ...base, resourceType: 1, fileName: 'loop.gif', fileFormat: 'gif' });
    expect(document.querySelector('img')?.getAttribute('src')).toBe('/cdn/item/resource/loop.gif');
  });

  it('shows no owner menu to someone without pieces', () => {
    show({ ...base, itemCountMine: 0 });
    expect(screen.queryByTestId('item-owner-menu')).toBeNull();
  });

  it('offers sell, transfer, edit and hide on a fresh item of its owner', () => {
    show(base);
    expect(menuEntries()).toEqual(['item-menu-sell', 'item-menu-transfer', 'item-menu-edit', 'item-menu-hide']);
  });

  it('follows the spec rules: all on sale -> no sell, no transfer, no edit; hidden -> unhide', () => {
    show({ ...base, itemCountOnSaleMine: 10, hideState: 1 });
    expect(menuEntries()).toEqual(['item-menu-unhide']);
  });

  it('sell goes to the sell page', () => {
    show(base);
    menuEntries();
    fireEvent.click(screen.getByTestId('item-menu-sell'));
    expect(lastPath).toBe('/NftSell/7');
  });

  it('transfer opens the item page with its transfer popup', () => {
    show(base);
    menuEntries();
    fireEvent.click(screen.getByTestId('item-menu-transfer'));
    expect(lastPath).toBe('/NftInfo/7#transfer');
  });

  it('asks before hiding', () => {
    show(base);
    menuEntries();
    fireEvent.click(screen.getByTestId('item-menu-hide'));
    expect(lastPopup).toContain('숨기시겠습니까');
  });
});
