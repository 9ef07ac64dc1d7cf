/**
 * STUB (profiles branch): the marketplace engineer's ProfileItemsTab replaces this file at merge. It renders the
 * profile's MyItem / Liked / HiddenItem grids; this stub only shows the empty state so the profile page mounts it.
 */
import type { JSX } from 'react';
import { useTranslation } from 'react-i18next';

export function ProfileItemsTab(props: {
  kind: 'owned' | 'liked' | 'hidden';
  member: { memberIdx: number; userName: string; address: string };
  mine: boolean;
  collectionIdx?: number;
}): JSX.Element {
  const { t } = useTranslation('profile');
  return (
    <p className="empty-inline muted" data-testid={`profile-items-${props.kind}`}>
      {t('stub.items')}
    </p>
  );
}
