/** Reads of the member's own referral rewards: the summary and the ledger pages, one key each per session. */
import { REFERRAL_LIST_PAGE_SIZE } from '@att/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiQuery } from '../../lib/api';

type Auth = { id: string | null; ticket: string | null };

export const referralKeys = {
  all: ['referral'] as const,
  summary: (a: Auth) => [...referralKeys.all, 'summary', a.id, a.ticket] as const,
  ledger: (a: Auth, pageNo: number) => [...referralKeys.all, 'ledger', a.id, a.ticket, pageNo] as const,
};

export const referralQueries = {
  summary: (a: Auth) =>
    queryOptions({
      queryKey: referralKeys.summary(a),
      queryFn: async () => (await apiQuery('/referral/summary', { id: a.id!, ticketId: a.ticket! })).data!,
      enabled: Boolean(a.id && a.ticket),
    }),
  ledger: (a: Auth, pageNo: number) =>
    queryOptions({
      queryKey: referralKeys.ledger(a, pageNo),
      queryFn: () =>
        apiQuery('/referral/list', { id: a.id!, ticketId: a.ticket!, pageNo, pageSize: REFERRAL_LIST_PAGE_SIZE }),
      enabled: Boolean(a.id && a.ticket),
      placeholderData: keepPreviousData,
    }),
};
