/**
 * Reads of the operator console: one key per endpoint under `adminKeys` (each list route is its own key, whatever
 * tab shows it), a `queryOptions` for each. A write refreshes its list and what members see of it.
 */
import { ADMIN_PAGE_SIZE, type RoutePath, type RouteRequest } from '@att/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiQuery } from '../../lib/api';

type Auth = { id: string; ticketId: string };

export const adminKeys = {
  all: ['admin'] as const,
  /** /admin/me */
  me: (id: string | null, ticket: string | null) => [...adminKeys.all, 'me', id, ticket] as const,
  /** A paged console list route (/admin/notice/list, /admin/faq/list …). */
  list: (path: RoutePath) => [...adminKeys.all, path] as const,
  listPage: (path: RoutePath, auth: Auth, pageNo: number, search: string, extra: Record<string, unknown>) =>
    [...adminKeys.list(path), auth, pageNo, search, extra] as const,
  faqCategories: (auth: Auth) => [...adminKeys.list('/admin/faq/category/list'), auth] as const,
};

export const adminQueries = {
  me: (id: string | null, ticket: string | null) =>
    queryOptions({
      queryKey: adminKeys.me(id, ticket),
      queryFn: () => apiQuery('/admin/me', { id: id!, ticketId: ticket! }),
      enabled: Boolean(id && ticket),
      retry: false,
    }),
  listPage: <P extends RoutePath>(
    path: P,
    auth: Auth,
    pageNo: number,
    search: string,
    extra: Record<string, unknown>,
  ) =>
    queryOptions({
      queryKey: adminKeys.listPage(path, auth, pageNo, search, extra),
      queryFn: () =>
        apiQuery(path, { ...auth, pageNo, pageSize: ADMIN_PAGE_SIZE, searchText: search, ...extra } as RouteRequest<P>),
      placeholderData: keepPreviousData,
    }),
  faqCategories: (auth: Auth) =>
    queryOptions({
      queryKey: adminKeys.faqCategories(auth),
      queryFn: () => apiQuery('/admin/faq/category/list', auth),
    }),
};
