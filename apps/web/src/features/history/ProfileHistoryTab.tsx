/**
 * STUB (profiles branch): the feed-ranking engineer's ProfileHistoryTab and ProfileLoyaltyTab replace this file at
 * merge. They render the profile's TransactionHistory and Loyalty tabs; this stub only shows the empty states.
 */
import type { JSX } from 'react';
import { useTranslation } from 'react-i18next';

export function ProfileHistoryTab(props: {
  member: { memberIdx: number; userName: string; address: string };
  mine: boolean;
  collectionIdx?: number;
}): JSX.Element {
  const { t } = useTranslation('profile');
  return (
    <p className="empty-inline muted" data-testid="profile-history" data-member-idx={props.member.memberIdx}>
      {t('stub.history')}
    </p>
  );
}

export function ProfileLoyaltyTab(props: { collectionIdx?: number }): JSX.Element {
  const { t } = useTranslation('profile');
  return (
    <p className="empty-inline muted" data-testid="profile-loyalty" data-collection-idx={props.collectionIdx}>
      {t('stub.loyalty')}
    </p>
  );
}
