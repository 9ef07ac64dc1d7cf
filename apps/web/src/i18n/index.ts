import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, NAMESPACES, type Language, resources } from './resources';

const STORAGE_KEY = 'att.lang';

function storedLanguage(): Language {
  try {
    const v = localStorage.getItem(STORAGE_KEY);
    if (v && (LANGUAGES as readonly string[]).includes(v)) return v as Language;
  } catch {
    // storage unavailable: use the default
  }
  return 'ko';
}

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: 'ko',
  ns: [...NAMESPACES],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  showSupportNotice: false,
});

function applyLang(lng: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}
applyLang(i18n.language);
i18n.on('languageChanged', applyLang);

export function currentLanguage(): Language {
  return i18n.language === 'en' ? 'en' : 'ko';
}

/** Switches the UI language and remembers the choice. */
export function setLanguage(lng: Language) {
  try {
    localStorage.setItem(STORAGE_KEY, lng);
  } catch {
    // not persisted
  }
  void i18n.changeLanguage(lng);
}

export { i18n };
