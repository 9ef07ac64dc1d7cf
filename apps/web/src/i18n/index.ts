import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { ko } from './catalogue-ko';
import { LANGUAGES, NAMESPACES, type Language } from './languages';

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

/**
 * Korean, the default, is bundled; English is a chunk of its own that i18next loads through this backend when
 * it is first needed (a stored choice at start, or a switch), so a Korean visitor never downloads it.
 */
const lazyCatalogues: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const load = language === 'en' ? import('./catalogue-en').then((m) => m.en) : Promise.resolve(ko);
    load.then(
      (catalogue) => callback(null, (catalogue as Record<string, object>)[namespace] ?? {}),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), false),
    );
  },
};

/** Resolves once the language to show is loaded (main.tsx renders after it). */
export const i18nReady = i18n.use(lazyCatalogues).use(initReactI18next).init({
  resources: { ko },
  partialBundledLanguages: true,
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
