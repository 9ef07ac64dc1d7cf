import { ALL_RETURN_CODES } from '@att/shared';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { en, ko } from '../../i18n/resources';
import { errorKey } from './error-text';
import { ErrorPopup } from './ErrorPopup';

describe('error popup', () => {
  beforeEach(() => i18n.changeLanguage('ko'));

  it('has a text for every returnCode in both languages', () => {
    for (const code of ALL_RETURN_CODES) {
      const key = String(code) as keyof typeof ko.errors;
      expect(ko.errors[key], `ko ${code}`).toBeTruthy();
      expect(en.errors[key], `en ${code}`).toBeTruthy();
    }
    expect(
      Object.keys(ko.errors)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([...ALL_RETURN_CODES]);
  });

  it('falls back to 999 for an unknown code', () => {
    expect(errorKey(42)).toBe('errors:42');
    expect(errorKey(12345)).toBe('errors:999');
    expect(errorKey(-1)).toBe('errors:999');
  });

  it('shows the title Error and the catalogue text', async () => {
    render(<ErrorPopup code={42} onClose={() => undefined} />);
    expect(screen.getByTestId('error-popup').getAttribute('aria-modal')).toBe('true');
    expect(screen.getByText('Error')).toBeTruthy();
    expect(screen.getByTestId('error-popup-message').textContent).toBe('이미 존재하는 아이디 입니다.');
  });

  it('shows the undefined-code text in English for an unknown code', async () => {
    await i18n.changeLanguage('en');
    render(<ErrorPopup code={777} onClose={() => undefined} />);
    expect(screen.getByTestId('error-popup-message').textContent).toBe('Error code not defined');
  });

  it.each([
    [111, '최대 요청 횟수를 초과 했습니다.'],
    [223, '이미 존재하는 이메일 입니다.'],
    [226, '이미 존재하는 지갑주소 입니다.'],
    [999, '정의되지 않은 오류 코드입니다.'],
  ])('code %i in Korean', (code, text) => {
    render(<ErrorPopup code={code} onClose={() => undefined} />);
    expect(screen.getByTestId('error-popup-message').textContent).toBe(text);
  });
});
