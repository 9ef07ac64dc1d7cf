import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { emptySession, sessionStore } from '../../lib/session';
import { popups } from '../popups';
import { ShareMenu } from './ShareMenu';

function show(ns: 'itemDetail' | 'profile' = 'itemDetail') {
  render(<ShareMenu path="/NftInfo/7" text="Moon" testId="x-share" entryTestId="x" ns={ns} triggerClassName="btn" />);
}

describe('ShareMenu', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('ko');
    sessionStore.set({ ...emptySession, id: 'alice' });
  });
  afterEach(() => {
    sessionStore.set(emptySession);
    vi.restoreAllMocks();
  });

  it("links the page, with the sharer's referral code, to each share target", () => {
    show();
    expect(screen.getByTestId('x-share').textContent).toContain('공유하기');
    const url = encodeURIComponent(`${window.location.origin}/NftInfo/7?ref=alice`);
    expect(screen.getByTestId('x-twitter').getAttribute('href')).toContain(`url=${url}`);
    expect(screen.getByTestId('x-twitter').getAttribute('href')).toContain('text=Moon');
    expect(screen.getByTestId('x-telegram').getAttribute('href')).toContain(`url=${url}`);
    expect(screen.getByTestId('x-facebook').getAttribute('href')).toContain(`u=${url}`);
  });

  it.each([
    ['ko', 'itemDetail', '링크가 복사되었습니다.'],
    ['en', 'profile', 'Link copied.'],
  ] as const)('copies the link and says so (%s, %s)', async (lang, ns, said) => {
    await i18n.changeLanguage(lang);
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const ok = vi.spyOn(popups, 'ok').mockImplementation(() => undefined as never);
    show(ns);
    fireEvent.click(screen.getByTestId('x-copy'));
    await waitFor(() => expect(ok).toHaveBeenCalledWith(said));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/NftInfo/7?ref=alice`);
  });
});
