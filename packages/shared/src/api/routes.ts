/**
 * Every endpoint: path -> request and reply schema. The server registers routes from this table; the web
 * client is typed by it. One home for the API contract.
 */
import type { z } from 'zod';
import * as auth from './auth';
import { codeReply, emptySchema } from './common';
import * as config from './config';
import * as user from './user';

export const routes = {
  '/ticket/nonce': { request: auth.ticketNonceRequest, reply: auth.ticketNonceReply },
  '/ticket/request': { request: auth.ticketRequestRequest, reply: auth.ticketRequestReply },
  '/ticket/check': { request: auth.ticketCheckRequest, reply: auth.ticketCheckReply },
  '/ticket/logout': { request: auth.ticketLogoutRequest, reply: auth.ticketLogoutReply },
  '/ticket/logout/others': { request: auth.ticketLogoutOthersRequest, reply: auth.ticketLogoutOthersReply },
  '/user/exist': { request: user.userExistRequest, reply: user.userExistReply },
  '/user/available': { request: user.userAvailableRequest, reply: user.userAvailableReply },
  '/cert/email/register/request': { request: user.signUpRequest, reply: user.signUpReply },
  '/cert/email/register/resend': { request: user.signUpResendRequest, reply: user.signUpResendReply },
  '/cert/email/register/email': { request: user.signUpEmailChangeRequest, reply: user.signUpEmailChangeReply },
  '/emailVerify/register/check': { request: user.emailVerifyRequest, reply: user.emailVerifyReply },
  '/user/info': { request: user.userInfoRequest, reply: user.userInfoReply },
  '/user/info/id': { request: user.userInfoByIdRequest, reply: user.userInfoByIdReply },
  '/user/update': { request: user.userUpdateRequest, reply: user.userUpdateReply },
  '/user/alarm/update': { request: user.userAlarmUpdateRequest, reply: user.userAlarmUpdateReply },
  '/config/front': { request: emptySchema, reply: config.frontConfigReply },
  '/config/network': { request: emptySchema, reply: config.networkConfigReply },
  '/config/nft/info': { request: emptySchema, reply: config.nftInfoReply },
  '/config/token/info': { request: emptySchema, reply: config.tokenInfoReply },
  '/nft/category/list': { request: emptySchema, reply: config.categoryListReply },
} as const satisfies Record<string, { request: z.ZodType; reply: z.ZodType }>;

export type RoutePath = keyof typeof routes;
export type RouteRequest<P extends RoutePath> = z.input<(typeof routes)[P]['request']>;
export type RouteReply<P extends RoutePath> = z.infer<(typeof routes)[P]['reply']>;

export { codeReply };
