/** Share the item (spec 3): twitter, telegram, facebook, and copy link with 'link copied'; the link carries the sharer's referral code. */
import { useTranslation } from 'react-i18next';
import { Menu } from '../../components/ui/Menu';
import { popups } from '../../features/popups/popup-store';
import { copyText } from '../../lib/clipboard';
import { withReferral } from '../../lib/referral-link';
import { useSession } from '../../lib/session';
import { shareLinks } from '../../lib/share-links';

export function ShareMenu({ productId, name }: { productId: number; name: string }) {
  const { t } = useTranslation('itemDetail');
  // The link carries the sharer's referral code.
  const url = withReferral(`${window.location.origin}/NftInfo/${productId}`, useSession().id);
  const share = shareLinks(url, name);
  const copyLink = async () => {
    await copyText(url);
    popups.ok(t('share.copied'));
  };
  return (
    <Menu
      align="right"
      testId="item-share"
      triggerClassName="btn btn-outline btn-sm"
      label={<span>{t('share.label')}</span>}
    >
      {(close) => (
        <ul className="menu-list">
          {(['twitter', 'telegram', 'facebook'] as const).map((k) => (
            <li key={k}>
              <a
                className="menu-item"
                href={share[k]}
                target="_blank"
                rel="noopener noreferrer"
                data-testid={`item-share-${k}`}
                onClick={close}
              >
                {t(`share.${k}`)}
              </a>
            </li>
          ))}
          <li>
            <button
              type="button"
              className="menu-item"
              data-testid="item-share-copy"
              onClick={() => (close(), void copyLink())}
            >
              {t('share.copyLink')}
            </button>
          </li>
        </ul>
      )}
    </Menu>
  );
}
