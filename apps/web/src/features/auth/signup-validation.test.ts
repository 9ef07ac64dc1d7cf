import { describe, expect, it } from 'vitest';
import { fieldForCode, liveEmailError, submitEmailError, usernameError, validateSignUp } from './signup-validation';

const valid = {
  username: 'alice_01',
  email: 'alice@example.com',
  aboutMe: '',
  agreeAge: true,
  agreeTerms: true,
  agreePrivacy: true,
};

describe('sign-up validation', () => {
  it('requires a user name of 5 to 45 characters (Korean, letters, digits, - and _)', () => {
    expect(usernameError('')).toBe('usernameRequired');
    expect(usernameError('   ')).toBe('usernameRequired');
    expect(usernameError('abcd')).toBe('usernameLength');
    expect(usernameError('abcde')).toBeUndefined();
    expect(usernameError('가나다라마')).toBeUndefined();
    expect(usernameError('a'.repeat(45))).toBeUndefined();
    expect(usernameError('a'.repeat(46))).toBe('usernameLength');
    expect(usernameError('bad name!')).toBe('usernameCharacters');
  });

  it('checks the e-mail live only when something is typed, and on submit always', () => {
    expect(liveEmailError('')).toBeUndefined();
    expect(liveEmailError('bad@')).toBe('emailLive');
    expect(liveEmailError('a@b.kr')).toBeUndefined();
    expect(submitEmailError('')).toBe('emailRequired');
    expect(submitEmailError('bad@')).toBe('emailSubmit');
    expect(submitEmailError('a@b.comm')).toBe('emailSubmit'); // 2-3 letter suffix
    expect(submitEmailError('a@b.com')).toBeUndefined();
  });

  it('needs all three consents', () => {
    expect(validateSignUp(valid)).toEqual({});
    for (const k of ['agreeAge', 'agreeTerms', 'agreePrivacy'] as const) {
      expect(validateSignUp({ ...valid, [k]: false })).toEqual({ agree: 'agree' });
    }
  });

  it('limits about-me to 140 characters', () => {
    expect(validateSignUp({ ...valid, aboutMe: '가'.repeat(140) })).toEqual({});
    expect(validateSignUp({ ...valid, aboutMe: '가'.repeat(141) })).toEqual({ aboutMe: 'aboutMeLength' });
  });

  it('reports every problem of an empty form at once', () => {
    expect(
      validateSignUp({ username: '', email: '', aboutMe: '', agreeAge: false, agreeTerms: false, agreePrivacy: false }),
    ).toEqual({ username: 'usernameRequired', email: 'emailRequired', agree: 'agree' });
  });

  it('puts 42, 223 and 226 under their fields and leaves other codes to the popup', () => {
    expect(fieldForCode(42)).toEqual({ field: 'username', key: 'usernameTaken' });
    expect(fieldForCode(223)).toEqual({ field: 'email', key: 'emailTaken' });
    expect(fieldForCode(226)).toEqual({ field: 'address', key: 'addressTaken' });
    expect(fieldForCode(111)).toBeNull();
    expect(fieldForCode(5)).toBeNull();
  });
});
