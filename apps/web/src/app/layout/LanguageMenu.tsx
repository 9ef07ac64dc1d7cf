import { useTranslation } from 'react-i18next';
import { ChevronDown, GlobeIcon } from '../../components/ui/icons';
import { Menu } from '../../components/ui/Menu';
import { currentLanguage, setLanguage } from '../../i18n';
import type { Language } from '../../i18n/resources';

/** Korean or English, remembered by i18n. */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const choose = (lng: Language, close: () => void) => {
    setLanguage(lng);
    close();
  };
  return (
    <Menu
      align="right"
      testId="lang-switch"
      triggerClassName="nav-trigger lang-trigger"
      ariaLabel={`${t('language.label')}: ${t('language.current')}`}
      label={
        <>
          <GlobeIcon size={18} />
          <span className="lang-label">{i18n.language === 'en' ? 'EN' : 'KO'}</span>
          <ChevronDown />
        </>
      }
    >
      {(close) => (
        <ul className="menu-list">
          {(['en', 'ko'] as const).map((lng) => (
            <li key={lng}>
              <button
                type="button"
                className="menu-item"
                data-testid={`lang-${lng}`}
                lang={lng}
                aria-current={currentLanguage() === lng ? 'true' : undefined}
                onClick={() => choose(lng, close)}
              >
                {t(`language.${lng}`)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Menu>
  );
}
