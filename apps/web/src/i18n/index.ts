import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { SHELL_NAMESPACES, koShell } from './catalogue-ko-shell';
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
 * Korean, the default, is bundled for the shell and the home page (catalogue-ko-shell.ts); its other namespaces
 * are one chunk loaded with the first other page. English is a chunk of its own that i18next loads through this
 * backend when it is first needed (a stored choice at start, or a switch), so a Korean visitor never downloads it.
 */
const lazyCatalogues: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const load =
      language === 'en'
        ? import('./catalogue-en').then((m) => m.en)
        : namespace in koShell
          ? Promise.resolve(koShell)
          : import('./catalogue-ko').then((m) => m.ko);
    load.then(
      (catalogue) => callback(null, (catalogue as Record<string, object>)[namespace] ?? {}),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), false),
    );
  },
};

/** Resolves once the language to show is loaded (main.tsx renders after it). */
export const i18nReady = i18n
  .use(lazyCatalogues)
  .use(initReactI18next)
  .init({
    resources: { ko: koShell },
    partialBundledLanguages: true,
    lng: storedLanguage(),
    fallbackLng: 'ko',
    ns: [...SHELL_NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });

function applyLang(lng: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}
applyLang(i18n.language);
i18n.on('languageChanged', applyLang);

/** Every namespace (the pages' ones load on the first call; the router awaits it beside the page's module). */
export function loadPageNamespaces(): Promise<void> {
  return i18n.loadNamespaces([...NAMESPACES]);
}

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
