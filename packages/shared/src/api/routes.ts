/**
 * Every endpoint: path -> request and reply schema. The server registers routes from this table; the web
 * client is typed by it. One home for the API contract.
 */
import type { z } from 'zod';
import * as auth from './auth';
import * as collection from './collection';
import { codeReply, emptySchema } from './common';
import * as config from './config';
import * as item from './item';
import * as user from './user';

/**
 * Who may call a route: `none` anyone; `member` a logged-in member (`id` + ticket, else 27); `optional` anyone,
 * and a given `id` + ticket is checked and makes the caller known (their counts in the reply).
 */
export type RouteAuth = 'none' | 'member' | 'optional';
interface RouteDef {
  request: z.ZodType;
  reply: z.ZodType;
  auth?: RouteAuth;
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

export const routes = {
  '/ticket/nonce': { request: auth.ticketNonceRequest, reply: auth.ticketNonceReply },
  '/ticket/request': { request: auth.ticketRequestRequest, reply: auth.ticketRequestReply },
  '/ticket/check': { request: auth.ticketCheckRequest, reply: auth.ticketCheckReply, auth: 'member' },
  '/ticket/logout': { request: auth.ticketLogoutRequest, reply: auth.ticketLogoutReply, auth: 'member' },
  '/user/exist': { request: user.userExistRequest, reply: user.userExistReply },
  '/cert/email/register/request': { request: user.signUpRequest, reply: user.signUpReply },
  '/emailVerify/register/check': { request: user.emailVerifyRequest, reply: user.emailVerifyReply },
  '/user/info': { request: user.userInfoRequest, reply: user.userInfoReply, auth: 'member' },
  '/user/info/id': { request: user.userInfoByIdRequest, reply: user.userInfoByIdReply },
  '/user/update': { request: user.userUpdateRequest, reply: user.userUpdateReply, auth: 'member' },
  '/user/alarm/update': { request: user.userAlarmUpdateRequest, reply: user.userAlarmUpdateReply, auth: 'member' },
  '/config/front': { request: emptySchema, reply: config.frontConfigReply },
  '/config/network': { request: emptySchema, reply: config.networkConfigReply },
  '/config/nft/info': { request: emptySchema, reply: config.nftInfoReply },
  '/config/token/info': { request: emptySchema, reply: config.tokenInfoReply },
  '/nft/category/list': { request: emptySchema, reply: config.categoryListReply },
  ...collectionRoutes,
  ...itemRoutes,
} as const satisfies Record<string, RouteDef>;

/** The route's auth (`none` when the table does not say). */
export function routeAuth(path: RoutePath): RouteAuth {
  const def: RouteDef = routes[path];
  return def.auth ?? 'none';
}

export type RoutePath = keyof typeof routes;
export type RouteRequest<P extends RoutePath> = z.input<(typeof routes)[P]['request']>;
export type RouteReply<P extends RoutePath> = z.infer<(typeof routes)[P]['reply']>;

export { codeReply };
