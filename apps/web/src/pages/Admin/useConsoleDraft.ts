import type { RoutePath, RouteRequest } from '@att/shared';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { popups } from '../../features/popups/popup-store';
import { useApiCall } from '../../lib/api';
import { useAuthFields } from './admin-kit';

/**
 * The draft of one console editor and its save route: `open` starts a new or an existing row's draft, `set` patches
 * it, `submit` sends it with the operator's auth fields (once while in flight). A save closes the editor,
 * refreshes `refresh` (the console list and the public pages that show the rows) and says "saved".
 */
export function useConsoleDraft<D extends object, P extends RoutePath>(path: P, refresh: readonly QueryKey[]) {
  const { t } = useTranslation('admin');
  const auth = useAuthFields();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<D | null>(null);
  const save = useApiCall(path, {
    onSuccess: () => {
      setDraft(null);
      for (const queryKey of refresh) void queryClient.invalidateQueries({ queryKey });
      popups.ok(t('common.saved'));
    },
  });
  const send = (body: D) => save.run({ ...auth, ...body } as RouteRequest<P>);
  return {
    draft,
    open: (d: D) => setDraft(d),
    close: () => setDraft(null),
    set: (patch: Partial<D>) => setDraft((d) => (d ? { ...d, ...patch } : d)),
    busy: save.busy,
    /** Saves a row without the editor (a quick toggle in the table). */
    send,
    submit: (e: FormEvent) => {
      e.preventDefault();
      if (draft && !save.busy) send(draft);
    },
  };
}

export type ConsoleDraft<D extends object> = ReturnType<typeof useConsoleDraft<D, RoutePath>>;
