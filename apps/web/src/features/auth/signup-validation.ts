/** Sign-up form rules (spec 1, section 5), mapped to catalogue keys under `auth:signUp.errors`. */
import { ABOUT_ME_MAX, checkEmail, checkUsername } from '@att/shared';

export interface SignUpForm {
  username: string;
  email: string;
  aboutMe: string;
  agreeAge: boolean;
  agreeTerms: boolean;
  agreePrivacy: boolean;
}

export type SignUpErrorKey =
  | 'usernameRequired'
  | 'usernameLength'
  | 'usernameCharacters'
  | 'usernameTaken'
  | 'emailRequired'
  | 'emailLive'
  | 'emailSubmit'
  | 'emailTaken'
  | 'addressTaken'
  | 'agree'
  | 'aboutMeLength';

export type SignUpErrors = Partial<Record<'username' | 'email' | 'address' | 'aboutMe' | 'agree', SignUpErrorKey>>;

export function usernameError(value: string): SignUpErrorKey | undefined {
  switch (checkUsername(value)) {
    case 'required':
      return 'usernameRequired';
    case 'length':
      return 'usernameLength';
    case 'characters':
      return 'usernameCharacters';
    default:
      return undefined;
  }
}

/** While typing: nothing for an empty field, '잘못된 이메일 형식 입니다.' for a malformed one. */
export function liveEmailError(value: string): SignUpErrorKey | undefined {
  return value.trim() && checkEmail(value) === 'format' ? 'emailLive' : undefined;
}

export function submitEmailError(value: string): SignUpErrorKey | undefined {
  switch (checkEmail(value)) {
    case 'required':
      return 'emailRequired';
    case 'format':
      return 'emailSubmit';
    default:
      return undefined;
  }
}

export function validateSignUp(form: SignUpForm): SignUpErrors {
  const errors: SignUpErrors = {};
  const u = usernameError(form.username);
  if (u) errors.username = u;
  const e = submitEmailError(form.email);
  if (e) errors.email = e;
  if ([...form.aboutMe].length > ABOUT_ME_MAX) errors.aboutMe = 'aboutMeLength';
  if (!form.agreeAge || !form.agreeTerms || !form.agreePrivacy) errors.agree = 'agree';
  return errors;
}

/** Where a server code of /cert/email/register/request is shown: under a field, or null for a popup. */
export function fieldForCode(code: number): { field: keyof SignUpErrors; key: SignUpErrorKey } | null {
  if (code === 42) return { field: 'username', key: 'usernameTaken' };
  if (code === 223) return { field: 'email', key: 'emailTaken' };
  if (code === 226) return { field: 'address', key: 'addressTaken' };
  return null;
}

/**
 * The answer of /user/available (asked before the wallet signature) as field errors: a taken or malformed name
 * or e-mail is shown under its field and costs no signature. Empty when both are free.
 */
export function availabilityErrors(data: { id?: number; email?: number } | undefined): SignUpErrors {
  const errors: SignUpErrors = {};
  if (data?.id === 42) errors.username = 'usernameTaken';
  else if (data?.id === 5) errors.username = 'usernameCharacters';
  if (data?.email === 223) errors.email = 'emailTaken';
  else if (data?.email === 5) errors.email = 'emailSubmit';
  return errors;
}
