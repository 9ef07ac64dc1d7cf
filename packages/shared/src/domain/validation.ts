/**
 * Field rules shared by the web form and the server (spec 1, section 5). The web maps each failure to its
 * catalogue text; the server answers 5 (validation failed).
 */
import { z } from 'zod';
import { USERNAME_MAX, USERNAME_MIN } from './constants';

/** local part, @, domain, and a 2-3 letter suffix (spec 1, section 5). */
export const EMAIL_RE = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,3}$/;
/**
 * Hangul syllables (가-힣), Latin letters, digits, - and _ (the placeholder's rule), 5-45 characters. No
 * standalone jamo (ㄱ, ㅣ): `ㅣ` passes for `l`. Names whose confusable skeleton equals a member's are refused by
 * the server (42).
 */
export const USERNAME_RE = /^[A-Za-z0-9\uAC00-\uD7A3_-]+$/;

export const usernameSchema = z.string().min(USERNAME_MIN).max(USERNAME_MAX).regex(USERNAME_RE);
export const emailSchema = z.string().max(254).regex(EMAIL_RE);

export type UsernameError = 'required' | 'length' | 'characters';
export function checkUsername(value: string): UsernameError | null {
  const v = value.trim();
  if (!v) return 'required';
  const length = [...v].length;
  if (length < USERNAME_MIN || length > USERNAME_MAX) return 'length';
  if (!USERNAME_RE.test(v)) return 'characters';
  return null;
}

export type EmailError = 'required' | 'format';
export function checkEmail(value: string): EmailError | null {
  const v = value.trim();
  if (!v) return 'required';
  return EMAIL_RE.test(v) ? null : 'format';
}
