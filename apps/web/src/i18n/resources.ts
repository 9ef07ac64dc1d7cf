/**
 * Both catalogues (tests and types). The app itself bundles only Korean and loads English on demand: a new
 * namespace is a line in catalogue-ko.ts, catalogue-en.ts and languages.ts.
 */
import { en } from './catalogue-en';
import { ko } from './catalogue-ko';

export { en, ko };
export const resources = { ko, en } as const;
export { LANGUAGES, type Language, NAMESPACES, type Namespace } from './languages';
