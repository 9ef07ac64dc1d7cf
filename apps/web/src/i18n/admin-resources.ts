/**
 * The operator console's catalogue, loaded only with the console's chunk (see pages/Admin/admin-route.tsx),
 * so members never download it. Keys are typed from Korean like the other namespaces (i18next.d.ts).
 */
import enAdmin from './locales/en/admin.json';
import koAdmin from './locales/ko/admin.json';
import { i18n } from './index';

export const adminResources = { ko: koAdmin, en: enAdmin } as const;

export function registerAdminCatalogue() {
  for (const lang of ['ko', 'en'] as const) {
    if (!i18n.hasResourceBundle(lang, 'admin')) i18n.addResourceBundle(lang, 'admin', adminResources[lang]);
  }
}
