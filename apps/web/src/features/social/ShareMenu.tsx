/**
 * The share menu (spec 3): twitter, telegram, facebook, and copy link with 'link copied' ("링크가 복사되었습니다.").
 * The link to `path` carries the sharer's referral code, whoever's page it is.
 */
import { useTranslation } from 'react-i18next';
import { Menu } from '../../components/ui/Menu';
import { copyText } from '../../lib/clipboard';
import { withReferral } from '../../lib/referral-link';
import { useSession } from '../../lib/session';
import { shareLinks } from '../../lib/share-links';
import { popups } from '../popups';

export interface ShareMenuProps {
  /** The shared page's path, from the site root (`/NftInfo/12`). */
  path: string;
  /** The text the share links carry. */
  text: string;
  /** The menu's test id. */
  testId: string;
  /** Each entry's test id is `<entryTestId>-twitter` … `<entryTestId>-copy`. */
  entryTestId: string;
  /** The namespace holding `share.*` (the same texts in both). */
  ns: 'itemDetail' | 'profile';
  triggerClassName: string;
}

export function ShareMenu({ path, text, testId, entryTestId, ns, triggerClassName }: ShareMenuProps) {
  const { t } = useTranslation(ns);
  const url = withReferral(`${window.location.origin}${path}`, useSession().id);
  const share = shareLinks(url, text);
  const copyLink = async () => {
    await copyText(url);
    popups.ok(t('share.copied'));
  };
  return (
    <Menu align="right" testId={testId} triggerClassName={triggerClassName} label={<span>{t('share.label')}</span>}>
      {(close) => (
        <ul className="menu-list">
          {(['twitter', 'telegram', 'facebook'] as const).map((k) => (
            <li key={k}>
              <a
                className="menu-item"
                href={share[k]}
                target="_blank"
                rel="noopener noreferrer"
                data-testid={`${entryTestId}-${k}`}
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
              data-testid={`${entryTestId}-copy`}
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
