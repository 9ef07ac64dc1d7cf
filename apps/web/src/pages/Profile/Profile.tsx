/**
 * Profiles (spec 2 "Own profile" and "Other user's profile"):
 * - /MyProfile/{tab}[/{collectionIdx}]: the signed-in member's own profile; without a session the visitor goes to /.
 * - /Profile/{userId}[/{tab}[/{collectionIdx}]]: anyone's profile; the owner is sent to /MyProfile/..., an unknown
 *   user shows "존재하지 않는 사용자 입니다." and goes to /, an unknown collection in the route "잘못된 접근 입니다."
 *   and goes to /. A tab the visitor may not open (HiddenItem, Loyalty on others' profiles, or no such tab) goes to
 *   the default tab.
 * Tabs: MyItem (default), TransactionHistory, Offers, Liked, HiddenItem (own), Loyalty (own), Referral (own: the
 * referral rewards, our addition), Watchlist (own: what the member follows, ours). The item and history tabs are the marketplace's and the feed's components; the
 * Offers tab is here.
 */
import { socialQueries } from '../../features/social/social-queries';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, useNavigate, useParams } from 'react-router';
import { LoadState } from '../../components/ui/LoadState';
import { routeIdx, useCollectionInfo } from '../../features/collections/collection-queries';
import { NotSignedIn } from '../../features/auth/RequireLogin';
import { ProfileHistoryTab, ProfileLoyaltyTab } from '../../features/history/ProfileHistoryTab';
import { ProfileItemsTab } from '../../features/items/ProfileItemsTab';
import { ReferralTab } from '../../features/referral';
import { WatchlistTab } from '../../features/watchlist';
import { popups } from '../../features/popups/popup-store';
import { failureCode } from '../../lib/api';
import { useSession } from '../../lib/session';
import { OffersTab } from './OffersTab';
import { ProfileHeader } from './ProfileHeader';
import { parseTab, profilePath, type ProfileTab, tabsFor } from './profile-route';
import './profile.css';

export function MyProfile() {
  const { tabName, collectionIdx } = useParams();
  const { id, ticket } = useSession();
  if (!id || !ticket) return <NotSignedIn />;
  const tab = parseTab(tabName, true);
  if (!tab) return <Navigate to="/MyProfile/MyItem" replace />;
  return <ProfilePage userId={id} mine tab={tab} rawCollection={collectionIdx} key={id} />;
}

export function Profile() {
  const { userId = '', tabName, collectionIdx } = useParams();
  const { id, ticket } = useSession();
  const own = Boolean(id && ticket && id.toLowerCase() === userId.toLowerCase());
  if (own) {
    const tab = parseTab(tabName, true) ?? 'MyItem';
    const idx = routeIdx(collectionIdx);
    return <Navigate to={profilePath({ mine: true, userId, tab, collectionIdx: idx ?? undefined })} replace />;
  }
  const tab = parseTab(tabName, false);
  if (!tab) return <Navigate to={profilePath({ mine: false, userId, tab: 'MyItem' })} replace />;
  return <ProfilePage userId={userId} mine={false} tab={tab} rawCollection={collectionIdx} key={userId} />;
}

function usePublicUser(userId: string) {
  return useQuery(socialQueries.member(userId));
}

/** Goes to / after the OK popup with `message`, once per mount. */
function useLeaveWith(message: string | null) {
  const navigate = useNavigate();
  useEffect(() => {
    if (message) popups.ok(message, { onClose: () => void navigate('/', { replace: true }) });
  }, [message, navigate]);
}

function ProfilePage({
  userId,
  mine,
  tab,
  rawCollection,
}: {
  userId: string;
  mine: boolean;
  tab: ProfileTab;
  rawCollection?: string;
}) {
  const { t } = useTranslation('profile');
  const user = usePublicUser(userId);
  const collectionIdx = rawCollection === undefined ? undefined : (routeIdx(rawCollection) ?? null);
  const collection = useCollectionInfo(collectionIdx ?? null);
  const unknownUser = user.isError && failureCode(user.error) === 255;
  const badCollection = collectionIdx === null || (collection.isError && failureCode(collection.error) === 254);
  useLeaveWith(unknownUser ? t('unknownUser') : badCollection ? t('wrongAccess') : null);

  const u = user.data;
  if (!u || unknownUser || badCollection) {
    return (
      <section className="page">
        <LoadState
          loading={user.isPending && !unknownUser}
          error={user.isError && !unknownUser}
          loadingText={t('loading')}
          errorText={t('loadFailed')}
          retryText={t('retry')}
          onRetry={() => void user.refetch()}
        />
      </section>
    );
  }
  // A former member's page goes by address (they hold no name: replies carry the former-member marker).
  const member = { memberIdx: u.memberIdx, userName: u.former ? u.erc20Address : u.id, address: u.erc20Address };
  const idx = collectionIdx ?? undefined;
  return (
    <div className="profile-page" data-testid="profile-page" data-mine={mine ? '1' : '0'} data-member-idx={u.memberIdx}>
      <ProfileHeader user={u} mine={mine} />
      <section className="page profile-body">
        <nav className="tabs profile-tabs" aria-label={t('tabs.label')}>
          {tabsFor(mine).map((x) => (
            <NavLink
              key={x}
              to={profilePath({ mine, userId: member.userName, tab: x })}
              className={() => `tab ${x === tab ? 'active' : ''}`}
              aria-current={x === tab ? 'page' : undefined}
              data-testid={`profile-tab-${x}`}
            >
              {t(`tabs.${x}`)}
            </NavLink>
          ))}
        </nav>
        <div className="profile-tab-body" data-testid={`profile-body-${tab}`}>
          {tab === 'MyItem' && (
            <ProfileItemsTab kind="owned" member={member} mine={mine} collectionIdx={idx} key={`owned-${idx}`} />
          )}
          {tab === 'Liked' && (
            <ProfileItemsTab kind="liked" member={member} mine={mine} collectionIdx={idx} key={`liked-${idx}`} />
          )}
          {tab === 'HiddenItem' && (
            <ProfileItemsTab kind="hidden" member={member} mine collectionIdx={idx} key={`hidden-${idx}`} />
          )}
          {tab === 'TransactionHistory' && <ProfileHistoryTab member={member} mine={mine} collectionIdx={idx} />}
          {tab === 'Loyalty' && <ProfileLoyaltyTab collectionIdx={idx} />}
          {tab === 'Watchlist' && <WatchlistTab />}
          {tab === 'Offers' && <OffersTab member={member} mine={mine} collectionIdx={idx} />}
          {tab === 'Referral' && <ReferralTab />}
        </div>
      </section>
    </div>
  );
}
