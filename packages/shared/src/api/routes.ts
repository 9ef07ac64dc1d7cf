/**
 * Every endpoint: path -> request and reply schema. The server registers routes from this table; the web
 * client is typed by it. One home for the API contract.
 */
import type { z } from 'zod';
import * as admin from './admin';
import * as alertList from './alert-list';
import * as auth from './auth';
import * as collection from './collection';
import * as collectionCharts from './collection-charts';
import { collectionOfferRoutes } from './collection-offers';
import { traitRoutes } from './traits';
import { codeReply, emptySchema } from './common';
import * as config from './config';
import * as curation from './curation';
import * as history from './history';
import * as item from './item';
import * as itemDetail from './item-detail';
import { cartRoutes } from './cart';
import { offerRoutes } from './offers';
import * as referral from './referral';
import * as social from './social';
import * as itemLists from './item-lists';
import { nullAsAbsent } from './null-as-absent';
import * as support from './support';
import * as trading from './trading';
import * as orderState from './order-state';
import * as auctions from './auctions';
import * as user from './user';
import { watchlistRoutes } from './watchlist';

/**
 * Who may call a route: `none` anyone; `member` a logged-in member (`id` + ticket, else 27); `optional` anyone,
 * and a given `id` + ticket is checked and makes the caller known (their counts in the reply); `operator` a
 * member whose wallet is on the operator allow-list (ticket checked before the body, then 2 for non-operators).
 */
export type RouteAuth = 'none' | 'member' | 'optional' | 'operator';
interface RouteDef {
  request: z.ZodType;
  reply: z.ZodType;
  auth?: RouteAuth;
  /** A money call (reserves, lists, bids, offers, accepts, cancels, withdraws or pays): see `./idempotency.ts`. */
  idempotent?: true;
}

/** Collections (spec 2). */
const collectionRoutes = {
  '/nft/collection/register': {
    request: collection.collectionRegisterRequest,
    reply: collection.collectionRegisterReply,
    auth: 'member',
  },
  '/nft/collection/update': {
    request: collection.collectionUpdateRequest,
    reply: collection.collectionUpdateReply,
    auth: 'member',
  },
  '/nft/collection/delete': {
    request: collection.collectionDeleteRequest,
    reply: collection.collectionDeleteReply,
    auth: 'member',
  },
  '/nft/collection/info': { request: collection.collectionInfoRequest, reply: collection.collectionInfoReply },
  '/nft/collection/list/mine': {
    request: collection.collectionListMineRequest,
    reply: collection.collectionListMineReply,
    auth: 'member',
  },
  '/nft/collection/userPage/list': {
    request: collection.collectionUserPageListRequest,
    reply: collection.collectionUserPageListReply,
  },
  '/nft/collection/marketplace/list': {
    request: collection.collectionMarketplaceListRequest,
    reply: collection.collectionMarketplaceListReply,
  },
} as const satisfies Record<string, RouteDef>;

/** Items (spec 2). */
const itemRoutes = {
  '/nft/register': { request: item.itemRegisterRequest, reply: item.itemRegisterReply, auth: 'member' },
  '/nft/update': { request: item.itemUpdateRequest, reply: item.itemUpdateReply, auth: 'member' },
  '/nft/delete': { request: item.itemDeleteRequest, reply: item.itemDeleteReply, auth: 'member' },
  '/nft/hide': { request: item.itemHideRequest, reply: item.itemHideReply, auth: 'member' },
  '/nft/hideCancel': { request: item.itemHideRequest, reply: item.itemHideReply, auth: 'member' },
  '/nft/unlock': { request: item.itemUnlockRequest, reply: item.itemUnlockReply, auth: 'member' },
  '/nft/detail': { request: item.itemDetailRequest, reply: item.itemDetailReply, auth: 'optional' },
  '/nft/info/list': { request: item.itemRecentListRequest, reply: item.itemListReply, auth: 'optional' },
  '/nft/info/collection/Item': {
    request: item.collectionItemListRequest,
    reply: item.itemListReply,
    auth: 'optional',
  },
  '/nft/info/collection/hideItem': {
    request: item.collectionHiddenItemListRequest,
    reply: item.itemListReply,
    auth: 'member',
  },
} as const satisfies Record<string, RouteDef>;

/** Item grids: marketplace, search and the profile item lists (spec 2). */
const itemListRoutes = {
  '/nft/instance/list': {
    request: itemLists.marketItemListRequest,
    reply: itemLists.marketItemListReply,
    auth: 'optional',
  },
  '/nft/info/searchList': {
    request: itemLists.searchItemListRequest,
    reply: itemLists.marketItemListReply,
    auth: 'optional',
  },
  '/nft/info/allList': { request: itemLists.ownItemListRequest, reply: item.itemListReply, auth: 'member' },
  '/nft/info/allList/other': { request: itemLists.otherItemListRequest, reply: item.itemListReply, auth: 'optional' },
  '/nft/like/list': { request: itemLists.ownLikeListRequest, reply: item.itemListReply, auth: 'member' },
  '/nft/like/list/other': { request: itemLists.otherLikeListRequest, reply: item.itemListReply, auth: 'optional' },
  '/nft/hide/list': { request: itemLists.hiddenItemListRequest, reply: item.itemListReply, auth: 'member' },
} as const satisfies Record<string, RouteDef>;

/** Trading I (spec 3): fixed-price listings, purchase reservations, transfers. */
const tradingRoutes = {
  '/nft/all/sale': {
    request: trading.saleRegisterRequest,
    reply: trading.saleRegisterReply,
    auth: 'member',
    idempotent: true,
  },
  '/nft/cancel/sale': {
    request: trading.saleCancelRequest,
    reply: trading.saleCancelReply,
    auth: 'member',
    idempotent: true,
  },
  '/nft/instance/list/item': { request: trading.itemListingsRequest, reply: trading.itemListingsReply },
  '/nft/instance/purchase': {
    request: trading.purchaseRequest,
    reply: trading.purchaseReply,
    auth: 'member',
    idempotent: true,
  },
  '/nft/instance/purchase/pending': {
    request: trading.pendingPurchasesRequest,
    reply: trading.pendingPurchasesReply,
    auth: 'member',
  },
  '/nft/transfer': { request: trading.transferRequest, reply: trading.transferReply, auth: 'member', idempotent: true },
  '/nft/instance/bid/list': { request: auctions.bidListRequest, reply: auctions.bidListReply },
  '/nft/instance/bid': {
    request: auctions.bidCheckRequest,
    reply: auctions.bidCheckReply,
    auth: 'member',
    idempotent: true,
  },
  '/nft/withdrawable/list': {
    request: auctions.withdrawableListRequest,
    reply: auctions.withdrawableListReply,
    auth: 'member',
  },
  '/nft/auction/result': { request: auctions.auctionResultRequest, reply: auctions.auctionResultReply },
  '/nft/auction/unclaimed/list': {
    request: auctions.unclaimedListRequest,
    reply: auctions.unclaimedListReply,
    auth: 'member',
  },
  '/nft/order/state': { request: orderState.orderStateRequest, reply: orderState.orderStateReply, auth: 'member' },
} as const satisfies Record<string, RouteDef>;

/** The item detail page's lists (spec 3 "/NftInfo"): owners, price history, chain info, other items. */
const itemDetailRoutes = {
  '/nft/inventory/list/owner': {
    request: itemDetail.inventoryOwnerListRequest,
    reply: itemDetail.inventoryOwnerListReply,
  },
  '/nft/trading/list': { request: itemDetail.tradingListRequest, reply: itemDetail.tradingListReply },
  '/nft/info/chain': { request: itemDetail.chainInfoRequest, reply: itemDetail.chainInfoReply },
  '/nft/info/collection/otherItem': {
    request: itemDetail.collectionOtherItemsRequest,
    reply: itemDetail.collectionOtherItemsReply,
    auth: 'optional',
  },
} as const satisfies Record<string, RouteDef>;

/** Support desk (members' side). */
const supportRoutes = {
  '/support/notice/list': { request: support.noticeListRequest, reply: support.noticeListReply },
  '/support/notice/info': { request: support.noticeInfoRequest, reply: support.noticeInfoReply },
  '/support/faq/category': { request: emptySchema, reply: support.faqCategoryReply },
  '/support/faq/list': { request: support.faqListRequest, reply: support.faqListReply },
  '/support/inquiry/list': { request: support.inquiryListRequest, reply: support.inquiryListReply, auth: 'member' },
  '/support/inquiry/register': {
    request: support.inquiryRegisterRequest,
    reply: support.inquiryRegisterReply,
    auth: 'member',
  },
} as const satisfies Record<string, RouteDef>;

/** Likes, likers and reports (profiles). */
/** The member's alert list. */
const alertRoutes = {
  '/alert/list': { request: alertList.alertListRequest, reply: alertList.alertListReply, auth: 'member' },
  '/alert/read': { request: alertList.alertReadRequest, reply: alertList.alertReadReply, auth: 'member' },
} as const satisfies Record<string, RouteDef>;

/** Referral rewards: the member's own summary and ledger. */
const referralRoutes = {
  '/referral/summary': {
    request: referral.referralSummaryRequest,
    reply: referral.referralSummaryReply,
    auth: 'member',
  },
  '/referral/list': { request: referral.referralListRequest, reply: referral.referralListReply, auth: 'member' },
} as const satisfies Record<string, RouteDef>;

const socialRoutes = {
  '/nft/like': { request: social.likeRequest, reply: social.likeReply, auth: 'member' },
  '/nft/cancelLike': { request: social.likeRequest, reply: social.likeReply, auth: 'member' },
  '/nft/like/member/list': { request: social.likeMemberListRequest, reply: social.likeMemberListReply },
  '/support/report/category': { request: social.reportCategoryRequest, reply: social.reportCategoryReply },
  '/support/report/register': {
    request: social.reportRegisterRequest,
    reply: social.reportRegisterReply,
    auth: 'member',
  },
} as const satisfies Record<string, RouteDef>;

/** Transaction history and rankings (spec 2). */
const historyRoutes = {
  '/nft/info/transaction/all': { request: history.transactionAllRequest, reply: history.transactionListReply },
  '/nft/info/transaction/mine': {
    request: history.transactionMineRequest,
    reply: history.transactionListReply,
    auth: 'member',
  },
  '/nft/info/transaction/other': { request: history.transactionOtherRequest, reply: history.transactionListReply },
  '/nft/info/transaction': { request: history.transactionItemRequest, reply: history.transactionListReply },
  '/nft/info/user/royalty': { request: history.royaltyListRequest, reply: history.royaltyListReply, auth: 'member' },
  '/nft/ranking/list': { request: history.rankingListRequest, reply: history.rankingListReply },
  '/nft/collection/chart': {
    request: collectionCharts.collectionChartRequest,
    reply: collectionCharts.collectionChartReply,
  },
} as const satisfies Record<string, RouteDef>;

const op = 'operator' as const;
/** The operator console (every path needs an operator's ticket). */
const adminRoutes = {
  '/admin/me': { request: admin.adminMeRequest, reply: admin.adminMeReply, auth: op },
  '/admin/notice/list': { request: admin.adminNoticeListRequest, reply: admin.adminNoticeListReply, auth: op },
  '/admin/notice/save': { request: admin.adminNoticeSaveRequest, reply: admin.adminNoticeSaveReply, auth: op },
  '/admin/faq/category/list': {
    request: admin.adminFaqCategoryListRequest,
    reply: admin.adminFaqCategoryListReply,
    auth: op,
  },
  '/admin/faq/category/save': {
    request: admin.adminFaqCategorySaveRequest,
    reply: admin.adminFaqCategorySaveReply,
    auth: op,
  },
  '/admin/faq/list': { request: admin.adminFaqListRequest, reply: admin.adminFaqListReply, auth: op },
  '/admin/faq/save': { request: admin.adminFaqSaveRequest, reply: admin.adminFaqSaveReply, auth: op },
  '/admin/inquiry/list': { request: admin.adminInquiryListRequest, reply: admin.adminInquiryListReply, auth: op },
  '/admin/inquiry/reply': { request: admin.adminInquiryReplyRequest, reply: admin.adminInquiryReplyReply, auth: op },
  '/admin/category/save': { request: admin.adminCategorySaveRequest, reply: admin.adminCategorySaveReply, auth: op },
  '/admin/token/price': { request: admin.adminTokenPriceRequest, reply: admin.adminTokenPriceReply, auth: op },
  '/admin/config/fee': { request: admin.adminFeeRequest, reply: admin.adminFeeReply, auth: op },
  '/admin/config/krw': { request: admin.adminKrwRateRequest, reply: admin.adminKrwRateReply, auth: op },
  '/admin/config/inactive': {
    request: admin.adminInactiveMembersRequest,
    reply: admin.adminInactiveMembersReply,
    auth: op,
  },
  '/admin/member/list': { request: admin.adminMemberListRequest, reply: admin.adminMemberListReply, auth: op },
  '/admin/member/block': { request: admin.adminMemberBlockRequest, reply: admin.adminMemberBlockReply, auth: op },
  '/admin/audit/list': { request: admin.adminAuditListRequest, reply: admin.adminAuditListReply, auth: op },
  '/admin/referral/payout/list': {
    request: admin.adminReferralPayoutListRequest,
    reply: admin.adminReferralPayoutListReply,
    auth: op,
  },
} as const satisfies Record<string, RouteDef>;

/** Home curation and the console's curation and report queue. */
const curationRoutes = {
  '/nft/curation/all': { request: emptySchema, reply: curation.curationAllReply },
  '/admin/curation/list': {
    request: curation.adminCurationListRequest,
    reply: curation.adminCurationListReply,
    auth: 'operator',
  },
  '/admin/curation/save': {
    request: curation.adminCurationSaveRequest,
    reply: curation.adminCurationSaveReply,
    auth: 'operator',
  },
  '/admin/curation/move': {
    request: curation.adminCurationMoveRequest,
    reply: curation.adminCurationMoveReply,
    auth: 'operator',
  },
  '/admin/curation/entry/add': {
    request: curation.adminCurationEntryAddRequest,
    reply: curation.adminCurationEntryAddReply,
    auth: 'operator',
  },
  '/admin/curation/entry/update': {
    request: curation.adminCurationTipUpdateRequest,
    reply: curation.adminCurationTipUpdateReply,
    auth: 'operator',
  },
  '/admin/curation/entry/remove': {
    request: curation.adminCurationEntryRemoveRequest,
    reply: curation.adminCurationEntryRemoveReply,
    auth: 'operator',
  },
  '/admin/report/list': {
    request: curation.adminReportListRequest,
    reply: curation.adminReportListReply,
    auth: 'operator',
  },
  '/admin/report/handle': {
    request: curation.adminReportHandleRequest,
    reply: curation.adminReportHandleReply,
    auth: 'operator',
  },
} as const satisfies Record<string, RouteDef>;

export const routes = {
  '/ticket/nonce': { request: auth.ticketNonceRequest, reply: auth.ticketNonceReply },
  '/ticket/request': { request: auth.ticketRequestRequest, reply: auth.ticketRequestReply },
  '/ticket/check': { request: auth.ticketCheckRequest, reply: auth.ticketCheckReply, auth: 'member' },
  '/ticket/logout': { request: auth.ticketLogoutRequest, reply: auth.ticketLogoutReply, auth: 'member' },
  '/ticket/logout/others': {
    request: auth.ticketLogoutOthersRequest,
    reply: auth.ticketLogoutOthersReply,
    auth: 'member',
  },
  '/user/exist': { request: user.userExistRequest, reply: user.userExistReply },
  '/user/available': { request: user.userAvailableRequest, reply: user.userAvailableReply },
  '/cert/email/register/request': { request: user.signUpRequest, reply: user.signUpReply },
  '/cert/email/register/resend': { request: user.signUpResendRequest, reply: user.signUpResendReply },
  '/cert/email/register/email': { request: user.signUpEmailChangeRequest, reply: user.signUpEmailChangeReply },
  '/emailVerify/register/check': { request: user.emailVerifyRequest, reply: user.emailVerifyReply },
  '/user/info': { request: user.userInfoRequest, reply: user.userInfoReply, auth: 'member' },
  '/user/info/id': { request: user.userInfoByIdRequest, reply: user.userInfoByIdReply },
  '/user/update': { request: user.userUpdateRequest, reply: user.userUpdateReply, auth: 'member' },
  '/user/alarm/update': { request: user.userAlarmUpdateRequest, reply: user.userAlarmUpdateReply, auth: 'member' },
  '/user/withdraw': { request: user.userWithdrawRequest, reply: user.userWithdrawReply, auth: 'member' },
  '/config/front': { request: emptySchema, reply: config.frontConfigReply },
  '/config/network': { request: emptySchema, reply: config.networkConfigReply },
  '/config/nft/info': { request: emptySchema, reply: config.nftInfoReply },
  '/config/token/info': { request: emptySchema, reply: config.tokenInfoReply },
  '/nft/category/list': { request: emptySchema, reply: config.categoryListReply },
  ...collectionRoutes,
  ...itemRoutes,
  ...itemListRoutes,
  ...supportRoutes,
  ...alertRoutes,
  ...referralRoutes,
  ...socialRoutes,
  ...adminRoutes,
  ...curationRoutes,
  ...historyRoutes,
  ...tradingRoutes,
  ...offerRoutes,
  ...collectionOfferRoutes,
  ...traitRoutes,
  ...cartRoutes,
  ...watchlistRoutes,
  ...itemDetailRoutes,
} as const satisfies Record<string, RouteDef>;

/** The route's auth (`none` when the table does not say). */
export function routeAuth(path: RoutePath): RouteAuth {
  const def: RouteDef = routes[path];
  return def.auth ?? 'none';
}

export type RoutePath = keyof typeof routes;

const requests = new Map<RoutePath, z.ZodType>();
/** The schema a route's request body is parsed with: its table entry's, reading `null` in an optional field as absent. */
export function requestSchema<P extends RoutePath>(path: P): z.ZodType<z.output<(typeof routes)[P]['request']>> {
  let s = requests.get(path);
  if (!s) requests.set(path, (s = nullAsAbsent(routes[path].request as z.ZodType)));
  return s as z.ZodType<z.output<(typeof routes)[P]['request']>>;
}
export type AdminRoutePath = keyof typeof adminRoutes;
export const ADMIN_PATHS = Object.keys(adminRoutes) as AdminRoutePath[];
/** The console paths of the curation block (home curation, report queue). */
export type CurationAdminPath = Extract<keyof typeof curationRoutes, `/admin/${string}`>;
export const CURATION_ADMIN_PATHS = Object.keys(curationRoutes).filter((p) =>
  p.startsWith('/admin/'),
) as CurationAdminPath[];
export type RouteRequest<P extends RoutePath> = z.input<(typeof routes)[P]['request']>;
export type RouteReply<P extends RoutePath> = z.infer<(typeof routes)[P]['reply']>;

export { codeReply };
