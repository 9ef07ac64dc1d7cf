/**
 * Every endpoint: path -> request and reply schema. The server registers routes from this table; the web
 * client is typed by it. One home for the API contract.
 */
import type { z } from 'zod';
import * as admin from './admin';
import * as auth from './auth';
import { codeReply, emptySchema } from './common';
import * as config from './config';
import * as support from './support';
import * as user from './user';

/** Support desk (members' side). */
const supportRoutes = {
  '/support/notice/list': { request: support.noticeListRequest, reply: support.noticeListReply },
  '/support/notice/info': { request: support.noticeInfoRequest, reply: support.noticeInfoReply },
  '/support/faq/category': { request: emptySchema, reply: support.faqCategoryReply },
  '/support/faq/list': { request: support.faqListRequest, reply: support.faqListReply },
  '/support/inquiry/list': { request: support.inquiryListRequest, reply: support.inquiryListReply },
  '/support/inquiry/register': { request: support.inquiryRegisterRequest, reply: support.inquiryRegisterReply },
} as const;

/** The operator console (every path needs an operator's ticket). */
const adminRoutes = {
  '/admin/me': { request: admin.adminMeRequest, reply: admin.adminMeReply },
  '/admin/notice/list': { request: admin.adminNoticeListRequest, reply: admin.adminNoticeListReply },
  '/admin/notice/save': { request: admin.adminNoticeSaveRequest, reply: admin.adminNoticeSaveReply },
  '/admin/faq/category/list': { request: admin.adminFaqCategoryListRequest, reply: admin.adminFaqCategoryListReply },
  '/admin/faq/category/save': { request: admin.adminFaqCategorySaveRequest, reply: admin.adminFaqCategorySaveReply },
  '/admin/faq/list': { request: admin.adminFaqListRequest, reply: admin.adminFaqListReply },
  '/admin/faq/save': { request: admin.adminFaqSaveRequest, reply: admin.adminFaqSaveReply },
  '/admin/inquiry/list': { request: admin.adminInquiryListRequest, reply: admin.adminInquiryListReply },
  '/admin/inquiry/reply': { request: admin.adminInquiryReplyRequest, reply: admin.adminInquiryReplyReply },
  '/admin/category/save': { request: admin.adminCategorySaveRequest, reply: admin.adminCategorySaveReply },
  '/admin/token/price': { request: admin.adminTokenPriceRequest, reply: admin.adminTokenPriceReply },
  '/admin/config/fee': { request: admin.adminFeeRequest, reply: admin.adminFeeReply },
  '/admin/member/list': { request: admin.adminMemberListRequest, reply: admin.adminMemberListReply },
  '/admin/member/block': { request: admin.adminMemberBlockRequest, reply: admin.adminMemberBlockReply },
  '/admin/audit/list': { request: admin.adminAuditListRequest, reply: admin.adminAuditListReply },
} as const;

export const routes = {
  '/ticket/nonce': { request: auth.ticketNonceRequest, reply: auth.ticketNonceReply },
  '/ticket/request': { request: auth.ticketRequestRequest, reply: auth.ticketRequestReply },
  '/ticket/check': { request: auth.ticketCheckRequest, reply: auth.ticketCheckReply },
  '/ticket/logout': { request: auth.ticketLogoutRequest, reply: auth.ticketLogoutReply },
  '/user/exist': { request: user.userExistRequest, reply: user.userExistReply },
  '/cert/email/register/request': { request: user.signUpRequest, reply: user.signUpReply },
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
  ...supportRoutes,
  ...adminRoutes,
} as const satisfies Record<string, { request: z.ZodType; reply: z.ZodType }>;

export type RoutePath = keyof typeof routes;
export type AdminRoutePath = keyof typeof adminRoutes;
export const ADMIN_PATHS = Object.keys(adminRoutes) as AdminRoutePath[];
export type RouteRequest<P extends RoutePath> = z.input<(typeof routes)[P]['request']>;
export type RouteReply<P extends RoutePath> = z.infer<(typeof routes)[P]['reply']>;

export { codeReply };
