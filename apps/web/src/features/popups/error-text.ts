import { ALL_RETURN_CODES, ReturnCode } from '@att/shared';
import type { TFunction } from 'i18next';

const known = new Set<number>(ALL_RETURN_CODES);

/** The catalogue key of a returnCode: `errors:<code>`, or 999 for a code the catalogue does not know. */
export function errorKey(code: number): `errors:${number}` {
  return `errors:${known.has(code) ? code : ReturnCode.Undefined}`;
}

/** The user-facing text of a returnCode in the current language. */
export function errorText(t: TFunction<['common', 'errors']>, code: number): string {
  return t(errorKey(code) as 'errors:999');
}
