import 'i18next';
import type koAdmin from './locales/ko/admin.json';
import type { ko } from './resources';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    /** `admin` is loaded with the console's chunk (admin-resources.ts), the rest up front. */
    resources: typeof ko & { admin: typeof koAdmin };
  }
}
