import { useTranslation } from 'react-i18next';
import { UserIcon } from '../../components/ui/icons';
import { Menu } from '../../components/ui/Menu';
import { useUserInfo } from '../../features/auth';
import { cdnImage, useFrontConfig } from '../../lib/config';
import { useNavigation } from './useNavigation';

/** The account menu of the header: the member's name, then every account action of `app/navigation.ts`. */
export function ProfileMenu() {
  const { t } = useTranslation();
  const front = useFrontConfig();
  const user = useUserInfo();
  const nav = useNavigation();
  const avatar = nav.loggedIn ? cdnImage(front.data?.cdnUrl, 'profile', user.data?.profile) : null;
  return (
    <Menu
      align="right"
      testId="profile-menu"
      triggerClassName="icon-button profile-trigger"
      ariaLabel={t('profileMenu.label')}
      label={avatar ? <img src={avatar} alt="" className="avatar-sm" /> : <UserIcon />}
    >
      {(close) => (
        <ul className="menu-list">
          {nav.loggedIn && user.data && <li className="menu-heading">{user.data.id}</li>}
          {nav.accountActions.map((action) => (
            <li key={action.id}>
              <button
                type="button"
                className="menu-item"
                data-testid={action.testId}
                onClick={() => {
                  close();
                  nav.perform(action);
                }}
              >
                {t(action.label)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Menu>
  );
}
