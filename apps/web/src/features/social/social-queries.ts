/** Queries of the like and report features: report categories, an item's likers. */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ensureOk } from '../popups/useApiMutation';
import { api } from '../../lib/api';

export function useReportCategories(lang: 'ko' | 'en') {
  return useQuery({
    queryKey: ['social', 'reportCategories', lang],
    queryFn: async () => ensureOk(await api('/support/report/category', { lang })).list ?? [],
    staleTime: 10 * 60_000,
  });
}

export function useLikers(productIdx: number) {
  return useInfiniteQuery({
    queryKey: ['social', 'likers', productIdx],
    initialPageParam: 1,
    queryFn: async ({ pageParam }) => ensureOk(await api('/nft/like/member/list', { productIdx, pageNo: pageParam })),
    getNextPageParam: (last) => (last.page && last.page.pageNo < last.page.pageCount ? last.page.pageNo + 1 : undefined),
  });
}
