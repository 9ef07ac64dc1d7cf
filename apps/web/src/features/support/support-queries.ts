/** Reads of the support desk: one key per endpoint under `supportKeys`, a `queryOptions` for each. */
import { INQUIRY_PAGE_SIZE, NOTICE_PAGE_SIZE, type SearchType } from '@att/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ApiError, apiQuery } from '../../lib/api';

type Lang = 'ko' | 'en';

export const supportKeys = {
  all: ['support'] as const,
  /** /support/notice/list: the notice board's pages and the notice popups (type 1) */
  notices: () => [...supportKeys.all, 'notices'] as const,
  noticePage: (lang: Lang, page: number, type: SearchType, text: string) =>
    [...supportKeys.notices(), lang, page, type, text] as const,
  noticePopups: (lang: Lang) => [...supportKeys.notices(), 'popups', lang] as const,
  /** /support/notice/info */
  noticeInfos: () => [...supportKeys.all, 'notice'] as const,
  notice: (idx: number) => [...supportKeys.noticeInfos(), idx] as const,
  /** /support/faq/category */
  faqCategories: () => [...supportKeys.all, 'faqCategories'] as const,
  /** /support/faq/list */
  faqs: () => [...supportKeys.all, 'faq'] as const,
  faq: (lang: Lang, category: number | null, type: SearchType, text: string) =>
    [...supportKeys.faqs(), lang, category, type, text] as const,
  /** /support/inquiry/list */
  inquiries: () => [...supportKeys.all, 'inquiries'] as const,
  inquiryPage: (id: string | null, ticket: string | null, page: number) =>
    [...supportKeys.inquiries(), id, ticket, page] as const,
};

export const supportQueries = {
  noticePage: (lang: Lang, page: number, type: SearchType, text: string) =>
    queryOptions({
      queryKey: supportKeys.noticePage(lang, page, type, text),
      queryFn: () =>
        apiQuery('/support/notice/list', {
          pageNo: page,
          pageSize: NOTICE_PAGE_SIZE,
          searchType: type,
          searchText: text,
          lang,
        }),
      placeholderData: keepPreviousData,
    }),
  noticePopups: (lang: Lang) =>
    queryOptions({
      queryKey: supportKeys.noticePopups(lang),
      queryFn: () => apiQuery('/support/notice/list', { type: 1, lang }),
      staleTime: 5 * 60_000,
      retry: 1,
    }),
  notice: (noticeIdx: number) =>
    queryOptions({
      queryKey: supportKeys.notice(noticeIdx),
      queryFn: () => apiQuery('/support/notice/info', { noticeIdx }),
      enabled: noticeIdx > 0,
      retry: (n, err) => !(err instanceof ApiError) && n < 2,
    }),
  faqCategories: () =>
    queryOptions({ queryKey: supportKeys.faqCategories(), queryFn: () => apiQuery('/support/faq/category', {}) }),
  faq: (lang: Lang, category: number | null, type: SearchType, text: string) =>
    queryOptions({
      queryKey: supportKeys.faq(lang, category, type, text),
      queryFn: () =>
        apiQuery('/support/faq/list', { filterCategoryIdx: category, searchType: type, searchText: text, lang }),
      placeholderData: keepPreviousData,
    }),
  inquiryPage: (auth: { id: string | null; ticket: string | null }, page: number) =>
    queryOptions({
      queryKey: supportKeys.inquiryPage(auth.id, auth.ticket, page),
      queryFn: () =>
        apiQuery('/support/inquiry/list', {
          id: auth.id!,
          ticketId: auth.ticket!,
          pageNo: page,
          pageSize: INQUIRY_PAGE_SIZE,
        }),
      enabled: Boolean(auth.id && auth.ticket),
      placeholderData: keepPreviousData,
    }),
};
