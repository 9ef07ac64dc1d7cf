import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ExternalIcon } from '../../components/ui/icons';
import type { ShownLink } from './useNavigation';

/**
 * One navigation entry, as the header and the sidebar show it (`menu`: menu items with their test ids, external
 * sites with the new-window hint) or as the footer does (`footer`: plain links).
 */
export function NavEntry({
  link,
  variant,
  onClick,
}: {
  link: ShownLink;
  variant: 'menu' | 'footer';
  onClick?: () => void;
}) {
  const { t } = useTranslation();
  const menu = variant === 'menu';
  const testId = menu ? link.testId : undefined;
  const { target } = link;
  if ('route' in target) {
    return (
      <Link className={menu ? 'menu-item' : undefined} to={target.route} onClick={onClick} data-testid={testId}>
        {link.text}
      </Link>
    );
  }
  if ('notice' in target) {
    return (
      <button type="button" className={menu ? 'menu-item' : 'link-button'} data-testid={testId} onClick={onClick}>
        {link.text}
      </button>
    );
  }
  return menu ? (
    <a className="nav-link" href={target.external} target="_blank" rel="noopener noreferrer">
      {link.text} <ExternalIcon />
      <span className="sr-only">({t('nav.externalHint')})</span>
    </a>
  ) : (
    <a href={target.external} target="_blank" rel="noopener noreferrer">
      {link.text}
    </a>
  );
}
