import type { FeaturedItem } from '@att/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { FeaturedCarousel } from './FeaturedCarousel';

vi.mock('../../lib/api/client', () => ({ api: vi.fn(async () => ({ returnCode: 901 })) }));

const item = (n: number): FeaturedItem => ({
  productIdx: n,
  resourceType: 1,
  itemFileType: 'png',
  itemFileName: `file${n}.png`,
  thumbnailFileName: null,
  name: `작품 ${n}`,
  collectionName: '컬렉션',
  memberId: 'artist',
  memberFileName: null,
});

function renderCarousel(count = 3) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <FeaturedCarousel items={Array.from({ length: count }, (_, i) => item(i + 1))} title="추천" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
const carousel = () => screen.getByTestId('home-carousel');
const index = () => Number(carousel().dataset.index);
const tick = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

function mockReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
}

describe('featured carousel', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('ko');
    vi.useFakeTimers();
    mockReducedMotion(false);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('moves every 4000 ms and wraps around; only the current slide is shown', () => {
    renderCarousel();
    expect(index()).toBe(0);
    expect(screen.getByTestId('home-featured-1').hidden).toBe(false);
    expect(screen.getByTestId('home-featured-2').hidden).toBe(true);
    tick(3999);
    expect(index()).toBe(0);
    tick(1);
    expect(index()).toBe(1);
    expect(screen.getByTestId('home-featured-2').hidden).toBe(false);
    tick(4000);
    tick(4000);
    expect(index()).toBe(0);
  });

  it('pauses while hovered or focused and resumes after', () => {
    renderCarousel();
    fireEvent.mouseEnter(carousel());
    expect(carousel().dataset.playing).toBe('false');
    tick(12_000);
    expect(index()).toBe(0);
    fireEvent.mouseLeave(carousel());
    tick(4000);
    expect(index()).toBe(1);
    fireEvent.focus(screen.getByTestId('carousel-next'));
    tick(12_000);
    expect(index()).toBe(1);
    fireEvent.blur(screen.getByTestId('carousel-next'), { relatedTarget: null });
    tick(4000);
    expect(index()).toBe(2);
  });

  it('has previous/next buttons, arrow keys, dots and a pause button', () => {
    renderCarousel();
    fireEvent.click(screen.getByTestId('carousel-prev'));
    expect(index()).toBe(2);
    fireEvent.click(screen.getByTestId('carousel-next'));
    expect(index()).toBe(0);
    fireEvent.keyDown(carousel(), { key: 'ArrowRight' });
    expect(index()).toBe(1);
    fireEvent.keyDown(carousel(), { key: 'ArrowLeft' });
    expect(index()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: '3번째 슬라이드로 이동' }));
    expect(index()).toBe(2);
    const toggle = screen.getByTestId('carousel-toggle');
    expect(toggle.getAttribute('aria-label')).toBe('자동 재생 일시정지');
    fireEvent.click(toggle);
    fireEvent.blur(toggle, { relatedTarget: null });
    tick(20_000);
    expect(index()).toBe(2);
    expect(toggle.getAttribute('aria-label')).toBe('자동 재생');
  });

  it('does not move by itself when the visitor prefers reduced motion', () => {
    mockReducedMotion(true);
    renderCarousel();
    tick(20_000);
    expect(index()).toBe(0);
    fireEvent.click(screen.getByTestId('carousel-next'));
    expect(index()).toBe(1);
  });

  it('a single featured item has no controls and does not move', () => {
    renderCarousel(1);
    expect(screen.queryByTestId('carousel-next')).toBeNull();
    tick(20_000);
    expect(index()).toBe(0);
  });
});
