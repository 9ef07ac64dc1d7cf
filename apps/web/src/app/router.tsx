import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { loadPageNamespaces } from '../i18n';
import { Layout } from './layout/Layout';
import { pageLoaded } from './reload-once';
import { RouteError } from './RouteError';

/**
 * Every page is its own chunk, downloaded when its route is first visited, so the first page load carries only
 * the shell (header, footer, popups) and that page. A route is a path and its page's module:
 * `{ path: '/Notice', lazy: page(() => import('../pages/Notice/Notice'), 'Notice') }`.
 */
const page =
  <M,>(load: () => Promise<M>, name: keyof M) =>
  async () => {
    const [m] = await Promise.all([load(), loadPageNamespaces()]);
    return { Component: m[name] as ComponentType };
  };

/** The home page needs only the namespaces bundled with the shell (i18n/catalogue-ko-shell.ts). */
const shellPage =
  <M,>(load: () => Promise<M>, name: keyof M) =>
  async () => ({ Component: (await load())[name] as ComponentType });

/** The two legal documents share one page. */
const legal = (doc: 'privacy' | 'terms') => async () => {
  const [{ LegalPage }] = await Promise.all([import('../pages/Legal/LegalPage'), loadPageNamespaces()]);
  return { element: <LegalPage doc={doc} /> };
};

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    // The first page's chunk is loading: nothing yet (said explicitly; react-router warns about an implicit one).
    HydrateFallback: () => null,
    children: [
      { path: '/', lazy: shellPage(() => import('../pages/Home/Home'), 'Home') },
      { path: '/SignUpComplete', lazy: page(() => import('../pages/SignUpComplete/SignUpComplete'), 'SignUpComplete') },
      {
        path: '/EmailVerify/:email/:cert/:address',
        lazy: page(() => import('../pages/EmailVerify/EmailVerify'), 'EmailVerify'),
      },
      { path: '/EmailVerify/*', element: <Navigate to="/" replace /> },
      { path: '/AccountSetting', lazy: page(() => import('../pages/AccountSetting/AccountSetting'), 'AccountSetting') },
      { path: '/Notice', lazy: page(() => import('../pages/Notice/Notice'), 'Notice') },
      { path: '/Collection', element: <Navigate to="/" replace /> },
      { path: '/Collection/:idx', lazy: page(() => import('../pages/Collection/Collection'), 'Collection') },
      { path: '/Collection/:tabName/:idx', lazy: page(() => import('../pages/Collection/Collection'), 'Collection') },
      {
        path: '/CollectionRegist',
        lazy: page(() => import('../pages/CollectionRegist/CollectionRegist'), 'CollectionRegist'),
      },
      {
        path: '/CollectionModify/:idx',
        lazy: page(() => import('../pages/CollectionModify/CollectionModify'), 'CollectionModify'),
      },
      { path: '/MyCollection', lazy: page(() => import('../pages/MyCollection/MyCollection'), 'MyCollection') },
      { path: '/NftPublish', lazy: page(() => import('../pages/NftPublish/NftPublish'), 'NftPublish') },
      { path: '/NftInfo/:productId', lazy: page(() => import('../pages/NftInfo/NftInfo'), 'NftInfo') },
      { path: '/NftModify/:productId', lazy: page(() => import('../pages/NftModify/NftModify'), 'NftModify') },
      { path: '/Notice/:idx', lazy: page(() => import('../pages/Notice/NoticeDetail'), 'NoticeDetail') },
      { path: '/FAQ', lazy: page(() => import('../pages/FAQ/FAQ'), 'FAQ') },
      { path: '/Inquiry', lazy: page(() => import('../pages/Inquiry/Inquiry'), 'Inquiry') },
      { path: '/Inquiry/Write', lazy: page(() => import('../pages/Inquiry/InquiryWrite'), 'InquiryWrite') },
      { path: '/PrivacyPolicy', lazy: legal('privacy') },
      { path: '/UserTerms', lazy: legal('terms') },
      {
        path: '/admin/*',
        lazy: async () => (await Promise.all([import('../pages/Admin/admin-route'), loadPageNamespaces()]))[0],
      },
      { path: '/Ranking', lazy: page(() => import('../pages/Ranking/Ranking'), 'Ranking') },
      { path: '/Rankings', lazy: page(() => import('../pages/Ranking/Ranking'), 'Ranking') },
      { path: '/Transactional', lazy: page(() => import('../pages/Transactional/Transactional'), 'Transactional') },
      {
        path: '/Transactional/:collectionIdx',
        lazy: page(() => import('../pages/Transactional/Transactional'), 'Transactional'),
      },
      { path: '/Marketplace', lazy: page(() => import('../pages/Marketplace/Marketplace'), 'Marketplace') },
      { path: '/Marketplace/:category', lazy: page(() => import('../pages/Marketplace/Marketplace'), 'Marketplace') },
      { path: '/Search/:searchText', lazy: page(() => import('../pages/Marketplace/Marketplace'), 'Marketplace') },
      { path: '/Search', element: <Navigate to="/Marketplace" replace /> },
      { path: '/NftSell/:productId', lazy: page(() => import('../pages/NftSell/NftSell'), 'NftSell') },
      { path: '/MyProfile', lazy: page(() => import('../pages/Profile/Profile'), 'MyProfile') },
      { path: '/MyProfile/:tabName', lazy: page(() => import('../pages/Profile/Profile'), 'MyProfile') },
      { path: '/MyProfile/:tabName/:collectionIdx', lazy: page(() => import('../pages/Profile/Profile'), 'MyProfile') },
      { path: '/Profile/:userId', lazy: page(() => import('../pages/Profile/Profile'), 'Profile') },
      { path: '/Profile/:userId/:tabName', lazy: page(() => import('../pages/Profile/Profile'), 'Profile') },
      {
        path: '/Profile/:userId/:tabName/:collectionIdx',
        lazy: page(() => import('../pages/Profile/Profile'), 'Profile'),
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

/** A router whose every settled, error-free navigation lets the next failure reload the page again. */
export function createRouter() {
  const router = createBrowserRouter(routes);
  const settle = () => {
    const s = router.state;
    if (s.initialized && s.navigation.state === 'idle' && !s.errors) pageLoaded();
  };
  router.subscribe(settle);
  settle();
  return router;
}
