import { createBrowserRouter, Navigate, type RouteObject, useRouteError } from 'react-router';
import { AccountSetting } from '../pages/AccountSetting/AccountSetting';
import { Collection } from '../pages/Collection/Collection';
import { CollectionModify } from '../pages/CollectionModify/CollectionModify';
import { CollectionRegist } from '../pages/CollectionRegist/CollectionRegist';
import { MyCollection } from '../pages/MyCollection/MyCollection';
import { NftInfo } from '../pages/NftInfo/NftInfo';
import { NftModify } from '../pages/NftModify/NftModify';
import { NftPublish } from '../pages/NftPublish/NftPublish';
import { MyProfile, Profile } from '../pages/Profile/Profile';
import { ComingSoon } from '../pages/ComingSoon/ComingSoon';
import { EmailVerify } from '../pages/EmailVerify/EmailVerify';
import { Home } from '../pages/Home/Home';
import { FAQ } from '../pages/FAQ/FAQ';
import { Inquiry } from '../pages/Inquiry/Inquiry';
import { InquiryWrite } from '../pages/Inquiry/InquiryWrite';
import { LegalPage } from '../pages/Legal/LegalPage';
import { Marketplace } from '../pages/Marketplace/Marketplace';
import { Notice } from '../pages/Notice/Notice';
import { NoticeDetail } from '../pages/Notice/NoticeDetail';
import { Ranking } from '../pages/Ranking/Ranking';
import { SignUpComplete } from '../pages/SignUpComplete/SignUpComplete';
import { Transactional } from '../pages/Transactional/Transactional';
import { Layout } from './layout/Layout';

/** Routes of spec 1, section 2. Pages of later issues render the "coming soon" page. */
const later = (paths: string[]): RouteObject[] => paths.map((path) => ({ path, element: <ComingSoon /> }));

/** A failed navigation reloads the page (once), as the spec asks. */
function RouteError() {
  const error = useRouteError();
  console.error('[router] navigation failed', error);
  const key = 'att.reloadedAfterError';
  if (!sessionStorage.getItem(key)) {
    sessionStorage.setItem(key, '1');
    window.location.reload();
    return null;
  }
  sessionStorage.removeItem(key);
  return <Navigate to="/" replace />;
}

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <Home /> },
      { path: '/SignUpComplete', element: <SignUpComplete /> },
      { path: '/EmailVerify/:email/:cert/:address', element: <EmailVerify /> },
      { path: '/EmailVerify/*', element: <Navigate to="/" replace /> },
      { path: '/AccountSetting', element: <AccountSetting /> },
      { path: '/Notice', element: <Notice /> },
      { path: '/Collection', element: <Navigate to="/" replace /> },
      { path: '/Collection/:idx', element: <Collection /> },
      { path: '/Collection/:tabName/:idx', element: <Collection /> },
      { path: '/CollectionRegist', element: <CollectionRegist /> },
      { path: '/CollectionModify/:idx', element: <CollectionModify /> },
      { path: '/MyCollection', element: <MyCollection /> },
      { path: '/NftPublish', element: <NftPublish /> },
      { path: '/NftInfo/:productId', element: <NftInfo /> },
      { path: '/NftModify/:productId', element: <NftModify /> },
      { path: '/Notice/:idx', element: <NoticeDetail /> },
      { path: '/FAQ', element: <FAQ /> },
      { path: '/Inquiry', element: <Inquiry /> },
      { path: '/Inquiry/Write', element: <InquiryWrite /> },
      { path: '/PrivacyPolicy', element: <LegalPage doc="privacy" /> },
      { path: '/UserTerms', element: <LegalPage doc="terms" /> },
      { path: '/Ranking', element: <Ranking /> },
      { path: '/Rankings', element: <Ranking /> },
      { path: '/Transactional', element: <Transactional /> },
      { path: '/Transactional/:collectionIdx', element: <Transactional /> },
      { path: '/admin/*', lazy: () => import('../pages/Admin/admin-route') },
      { path: '/Marketplace', element: <Marketplace /> },
      { path: '/Marketplace/:category', element: <Marketplace /> },
      { path: '/Search/:searchText', element: <Marketplace /> },
      { path: '/Search', element: <Navigate to="/Marketplace" replace /> },
      ...later([
        '/NftSell/:productId',
      ]),
      { path: '/MyProfile', element: <MyProfile /> },
      { path: '/MyProfile/:tabName', element: <MyProfile /> },
      { path: '/MyProfile/:tabName/:collectionIdx', element: <MyProfile /> },
      { path: '/Profile/:userId', element: <Profile /> },
      { path: '/Profile/:userId/:tabName', element: <Profile /> },
      { path: '/Profile/:userId/:tabName/:collectionIdx', element: <Profile /> },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
