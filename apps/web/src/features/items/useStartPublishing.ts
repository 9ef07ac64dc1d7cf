import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { auth, useLoginState, useUserInfo } from '../auth';
import { popups } from '../popups';

/**
 * "Publish NFT" from a menu or the home page: a visitor is asked to connect; a member with a collection goes to
 * the publish form; without one they are offered the collection form first (an item belongs to a collection).
 */
export function useStartPublishing(): () => void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const login = useLoginState();
  const user = useUserInfo();
  return () => {
    if (login.name !== 'loggedIn') return auth.requestConnect();
    if ((user.data?.collectionCount ?? 0) >= 1) navigate('/NftPublish');
    else popups.confirm(t('profileMenu.needCollection'), () => navigate('/CollectionRegist'));
  };
}
