import { CATEGORY_CODES } from '@att/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { renderPage } from '../../test/render-page';
import { ACCOUNT_ACTIONS, EXTERNAL_LINKS, NAV_GROUPS } from '../navigation';

vi.mock('../../lib/api/client', () => ({ api: vi.fn(async () => ({ returnCode: 901 })) }));

const { Header } = await import('./Header');
const { Footer } = await import('./Footer');
const { loginStore } = await import('../../features/auth');

const routesOf = (el: HTMLElement) => [...el.querySelectorAll('a[href^="/"]')].map((a) => a.getAttribute('href'));
const externalOf = (el: HTMLElement) =>
  [...el.querySelectorAll('a[target="_blank"]')].map((a) => a.getAttribute('href'));
const groupRoutes = NAV_GROUPS.flatMap((g) =>
  g.links.flatMap((l) => ('route' in l.target && !l.membersOnly ? [l.target.route] : [])),
);
const memberRoutes = NAV_GROUPS.flatMap((g) =>
  g.links.flatMap((l) => ('route' in l.target && l.membersOnly ? [l.target.route] : [])),
);

function show() {
  renderPage(
    <>
      <Header />
      <Footer />
    </>,
  );
  fireEvent.click(screen.getByTestId('mobile-menu-button'));
  const header = document.querySelector<HTMLElement>('.top-nav')!;
  const sidebar = screen.getByTestId('mobile-sidebar');
  const footer = document.querySelector<HTMLElement>('.footer-cols')!;
  return { header, sidebar, footer };
}

describe('the navigation is one list, rendered by the header, the mobile sidebar and the footer', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('ko');
    loginStore.set({ name: 'loggedOut' });
  });

  it('every link of every group, with the category links, and the external sites in all three', () => {
    const { header, sidebar, footer } = show();
    for (const menu of [header, sidebar, footer]) {
      for (const route of [...groupRoutes, `/Marketplace/${CATEGORY_CODES[0]}`])
        expect(routesOf(menu)).toContain(route);
      for (const route of memberRoutes) expect(routesOf(menu)).not.toContain(route);
      expect(externalOf(menu)).toEqual(EXTERNAL_LINKS.map((l) => ('external' in l.target ? l.target.external : '')));
    }
    expect(within(header).getByTestId('nav-ranking').textContent).toBe('랭킹');
    expect(within(sidebar).getByTestId('nav-ranking').textContent).toBe('랭킹');
    expect(within(footer).getByRole('button', { name: '랭킹' })).toBeTruthy();
  });

  it('the account actions in the profile menu and the sidebar; the footer lists its own only to members', () => {
    const { sidebar, footer } = show();
    const visitor = ACCOUNT_ACTIONS.filter((a) => !a.membersOnly);
    expect(visitor.map((a) => screen.getByTestId(a.testId).textContent)).toEqual(visitor.map((a) => i18n.t(a.label)));
    expect([...sidebar.querySelectorAll('.mobile-account button')].map((b) => b.textContent)).toEqual(
      visitor.map((a) => i18n.t(a.label)),
    );
    expect(screen.queryByTestId('menu-logout')).toBeNull();
    expect(within(footer).queryByText('내 계정')).toBeNull();
  });

  it('members also get the inquiry link, logout and the footer’s account column', async () => {
    loginStore.set({ name: 'loggedIn', address: '0x0000000000000000000000000000000000000001', id: 'alice_01' });
    const { header, sidebar, footer } = show();
    for (const menu of [header, sidebar, footer])
      for (const route of memberRoutes) expect(routesOf(menu)).toContain(route);
    expect(screen.getByTestId('menu-logout').textContent).toBe('로그아웃');
    expect([...sidebar.querySelectorAll('.mobile-account button')].at(-1)?.textContent).toBe('로그아웃');
    const account = within(footer).getByText('내 계정').parentElement!;
    expect(routesOf(account)).toEqual(['/MyProfile', '/MyProfile/Liked', '/AccountSetting']);
  });
});
