/** Reads of the social features: one key per endpoint under `socialKeys` (report categories, likers, a member's public profile). */
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../lib/api';

export const socialKeys = {
  all: ['social'] as const,
  /** /support/report/category */
  reportCategories: (lang: 'ko' | 'en') => [...socialKeys.all, 'reportCategories', lang] as const,
  /** /nft/like/member/list */
  likers: (productIdx: number) => [...socialKeys.all, 'likers', productIdx] as const,
  /** /user/info/id */
  member: (userId: string) => [...socialKeys.all, 'member', userId.toLowerCase()] as const,
};

export const socialQueries = {
  reportCategories: (lang: 'ko' | 'en') =>
    queryOptions({
      queryKey: socialKeys.reportCategories(lang),
      queryFn: async () => (await apiQuery('/support/report/category', { lang })).list ?? [],
      staleTime: 10 * 60_000,
    }),
  likers: (productIdx: number) =>
    infiniteQueryOptions({
      queryKey: socialKeys.likers(productIdx),
      initialPageParam: 1,
      queryFn: ({ pageParam }) => apiQuery('/nft/like/member/list', { productIdx, pageNo: pageParam }),
      getNextPageParam: (last) =>
        last.page && last.page.pageNo < last.page.pageCount ? last.page.pageNo + 1 : undefined,
    }),
  /** A member's public profile by name (the profile pages). */
  member: (userId: string) =>
    queryOptions({
      queryKey: socialKeys.member(userId),
      queryFn: async () => (await apiQuery('/user/info/id', { userId })).data!,
      retry: false,
      enabled: userId.length > 0,
    }),
};

export const useReportCategories = (lang: 'ko' | 'en') => useQuery(socialQueries.reportCategories(lang));
export const useLikers = (productIdx: number) => useInfiniteQuery(socialQueries.likers(productIdx));
