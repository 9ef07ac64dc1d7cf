import type { CurationSection } from '@att/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { renderPage } from '../../test/render-page';

const api = vi.fn();
vi.mock('../../lib/api/client', () => ({ api: (...a: unknown[]) => api(...a) }));
const { Home } = await import('./Home');

const curationItem = (n: number) => ({
  productIdx: n,
  collectionIdx: 1,
  resourceType: 1,
  itemFileType: 'png',
  itemFileName: `f${n}.png`,
  thumbnailFileName: null,
  likeCount: 0,
  name: `아이템 ${n}`,
  collectionName: '컬렉션',
  itemType: 2,
  totalItemCount: 1,
  offerMaxPrice: null,
  offerSymbol: null,
  lastPrice: null,
  lastSymbol: null,
  saleType: null,
  bidMaxPrice: null,
  bidSymbol: null,
  expireDate: null,
  minPriceToken: '1500000000000000000',
  minSymbol: 'ATT' as const,
});

const sections: CurationSection[] = [
  {
    curationIdx: 5,
    curationType: 5,
    name: '팁',
    nameEn: 'Tips',
    dataList: [
      {
        tipIdx: 1,
        connectUrl: 'https://example.com/',
        fileName: null,
        title: '지갑',
        detail: '설치',
        titleEn: 'Wallet',
        detailEn: 'Install it',
      },
      {
        tipIdx: 2,
        connectUrl: 'https://example.com/ko',
        fileName: null,
        title: '한국어만',
        detail: '영어 없음',
        titleEn: null,
        detailEn: null,
      },
    ],
  },
  {
    curationIdx: 2,
    curationType: 2,
    name: '카테고리',
    nameEn: 'Categories',
    dataList: [{ categoryIdx: 1, categoryName: 'art', name: '아트', nameEn: 'Art', imageFileName: 'art.png' }],
  },
  { curationIdx: 4, curationType: 4, name: '새 NFT', nameEn: 'New', dataList: [curationItem(9)] },
  { curationIdx: 6, curationType: 6, name: '경매', nameEn: 'Auctions', dataList: [] },
];

function renderHome() {
  return renderPage(<Home />);
}

describe('home', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('ko');
    api.mockReset();
  });

  it('shows the sections in the data order, hides empty ones, and links out safely', async () => {
    api.mockImplementation(async (path: string) =>
      path === '/nft/curation/all' ? { returnCode: 0, list: sections } : { returnCode: 901 },
    );
    renderHome();
    expect(screen.getByTestId('loading')).toBeTruthy();
    await screen.findByTestId('home-section-5');
    expect(screen.getAllByTestId('home-section-title').map((h) => h.textContent)).toEqual(['팁', '카테고리', '새 NFT']);
    const [tip, koOnly] = within(screen.getByTestId('home-section-5')).getAllByRole('link');
    expect(tip!.textContent).toContain('지갑');
    expect(tip!.textContent).toContain('설치');
    expect(tip!.textContent).not.toContain('Wallet');
    expect(koOnly!.textContent).toContain('한국어만');
    expect(tip!.getAttribute('href')).toBe('https://example.com/');
    expect(tip!.getAttribute('target')).toBe('_blank');
    expect(tip!.getAttribute('rel')).toContain('noopener');
    expect(within(screen.getByTestId('home-section-2')).getByRole('link').getAttribute('href')).toBe(
      '/Marketplace/art',
    );
    expect(screen.getByTestId('item-card-9').textContent).toContain('1.5 ATT');
  });

  it('uses the English section names in English', async () => {
    await i18n.changeLanguage('en');
    api.mockResolvedValue({ returnCode: 0, list: sections });
    renderHome();
    await screen.findByTestId('home-section-5');
    expect(screen.getAllByTestId('home-section-title').map((h) => h.textContent)).toEqual([
      'Tips',
      'Categories',
      'New',
    ]);
    // Tips show their English pair in English; a tip without one falls back to its Korean text (marked as Korean).
    const [tip, koOnly] = within(screen.getByTestId('home-section-5')).getAllByRole('link');
    expect(tip!.textContent).toContain('Wallet');
    expect(tip!.textContent).toContain('Install it');
    expect(tip!.getAttribute('lang')).toBe('en');
    expect(koOnly!.textContent).toContain('한국어만');
    expect(koOnly!.textContent).toContain('영어 없음');
    expect(koOnly!.getAttribute('lang')).toBe('ko');
  });

  it('says when the home failed to load and retries', async () => {
    let fail = true;
    api.mockImplementation(async () => (fail ? { returnCode: 101 } : { returnCode: 0, list: [] }));
    renderHome();
    const retry = await screen.findByTestId('home-retry');
    fail = false;
    fireEvent.click(retry);
    expect((await screen.findByTestId('home-empty')).textContent).toBe(
      '아직 소개할 NFT가 없습니다. 첫 번째 NFT를 만들어 보세요.',
    );
  });
});
