/**
 * The profile header: banner (default gradient), photo (default icon), user name, wallet address shortened to its
 * first and last 6 characters with a copy button ("지갑 주소를 복사했습니다."), about-me, the share menu (twitter,
 * telegram, facebook, copy link to /Profile/{userName}: "링크가 복사되었습니다."), the report button (type 2, the
 * member) on others' profiles and the settings link on one's own. An inactive member (not signed in for a year: their
 * e-mail, about-me and pictures are kept apart) is marked as such, with the default pictures.
 */
import type { PublicUser } from '@att/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CopyIcon, UserIcon } from '../../components/ui/icons';
import { MemberName, memberProfilePath, useMemberNameText } from '../../components/ui/MemberName';
import { popups } from '../../features/popups/popup-store';
import { ReportButton } from '../../features/social/ReportPopup';
import { ShareMenu } from '../../features/social/ShareMenu';
import { copyText } from '../../lib/clipboard';
import { cdnImage, useFrontConfig } from '../../lib/config';
import { shortWallet } from '../../lib/wallet-address';

export function ProfileHeader({ user, mine }: { user: PublicUser; mine: boolean }) {
  const { t } = useTranslation('profile');
  const front = useFrontConfig();
  const banner = cdnImage(front.data?.cdnUrl, 'banner', user.banner);
  const photo = cdnImage(front.data?.cdnUrl, 'profile', user.profile);
  // A former member's page goes by address and reads as "탈퇴한 회원" / "Former member".
  const shown = useMemberNameText()(user.id);
  const path = memberProfilePath(user.id, user.erc20Address) ?? '/';
  const copyAddress = async () => {
    await copyText(user.erc20Address);
    popups.ok(t('addressCopied'));
  };
  return (
    <header className="profile-header">
      <div
        className={`profile-banner ${banner ? '' : 'is-default'}`}
        style={banner ? { backgroundImage: `url("${banner}")` } : undefined}
        role="img"
        aria-label={t('bannerAlt', { name: shown })}
        data-testid="profile-banner"
      />
      <div className="profile-head-inner">
        <div className="profile-photo" data-testid="profile-photo">
          {photo ? (
            <img src={photo} alt={t('photoAlt', { name: shown })} width={120} height={120} />
          ) : (
            <UserIcon size={56} />
          )}
        </div>
        <div className="profile-title-row">
          <div className="profile-identity">
            <h1 className="profile-name" data-testid="profile-name">
              <MemberName name={user.id} />
            </h1>
            {user.inactive && (
              <p className="profile-inactive muted" data-testid="profile-inactive">
                {t('inactive')}
              </p>
            )}
            <p className="profile-address">
              <span className="sr-only">{t('address')}: </span>
              <span data-testid="profile-address" title={user.erc20Address}>
                {shortWallet(user.erc20Address)}
              </span>
              <button
                type="button"
                className="icon-button icon-button-sm"
                aria-label={t('copyAddress')}
                data-testid="profile-copy-address"
                onClick={() => void copyAddress()}
              >
                <CopyIcon />
              </button>
            </p>
          </div>
          <div className="profile-actions">
            <ShareMenu
              path={path}
              text={shown}
              testId="profile-share"
              entryTestId="share"
              ns="profile"
              triggerClassName="btn btn-outline"
            />
            {mine ? (
              <Link to="/AccountSetting" className="btn btn-outline" data-testid="profile-settings">
                {t('settings')}
              </Link>
            ) : (
              <ReportButton target={{ type: 2, targetIdx: user.memberIdx }} testId="profile-report" />
            )}
          </div>
        </div>
        {user.aboutMe && (
          <p className="profile-about" data-testid="profile-about">
            {user.aboutMe}
          </p>
        )}
      </div>
    </header>
  );
}
