import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n';

// The /Notice page's chunk cannot be downloaded (a deploy replaced it, or the network failed).
vi.mock('../pages/Notice/Notice', () => {
  throw new Error('Failed to fetch dynamically imported module: /assets/Notice-old.js');
});

const { routes } = await import('./router');
const { pageReloader } = await import('./reload-once');

/** One page load of /Notice: a new router, as after a reload (sessionStorage survives a reload). */
function loadNotice() {
  const router = createMemoryRouter(routes, { initialEntries: ['/Notice'] });
  return render(<RouterProvider router={router} />);
}

describe('a page chunk that keeps failing', () => {
  const reload = vi.fn();
  beforeEach(() => {
    sessionStorage.clear();
    reload.mockReset();
    pageReloader.reload = reload;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it.each([
    ['ko', '페이지를 불러오지 못했습니다.', '다시 시도'],
    ['en', 'The page could not be loaded.', 'Try again'],
  ])(
    'reloads the page once, then shows the error with a retry (%s), never a second reload',
    async (lang, title, retry) => {
      await i18n.changeLanguage(lang);
      const first = loadNotice();
      await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
      first.unmount();

      // After the reload the chunk still fails: the error and a retry, no reload of its own.
      for (let load = 2; load <= 4; load++) {
        const again = loadNotice();
        expect((await screen.findByTestId('route-error')).textContent).toContain(title);
        again.unmount();
      }
      expect(reload).toHaveBeenCalledTimes(1);

      loadNotice();
      const button = await screen.findByTestId('route-error-retry');
      expect(button.textContent).toBe(retry);
      fireEvent.click(button);
      expect(reload).toHaveBeenCalledTimes(2);
    },
  );
});
