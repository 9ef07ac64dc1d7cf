/** Reads of the member's alert list: one key per member session, invalidated when an alert arrives. */
import { queryOptions } from '@tanstack/react-query';
import { apiQuery } from '../../lib/api';

/** How many alerts the header's list shows (the newest). */
export const ALERT_INBOX_SIZE = 10;

export const alertKeys = {
  all: ['alerts'] as const,
  inbox: (id: string | null, ticket: string | null) => [...alertKeys.all, 'inbox', id, ticket] as const,
};

export const alertQueries = {
  inbox: (auth: { id: string | null; ticket: string | null }) =>
    queryOptions({
      queryKey: alertKeys.inbox(auth.id, auth.ticket),
      queryFn: () =>
        apiQuery('/alert/list', { id: auth.id!, ticketId: auth.ticket!, pageNo: 1, pageSize: ALERT_INBOX_SIZE }),
      enabled: Boolean(auth.id && auth.ticket),
    }),
};
