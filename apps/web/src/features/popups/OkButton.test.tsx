import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { OkButton } from './OkButton';

describe('OkButton', () => {
  beforeEach(() => i18n.changeLanguage('ko'));

  it.each([
    ['ko', '확인'],
    ['en', 'OK'],
  ])('says OK, is focused first and closes on a click (%s)', async (lang, text) => {
    await i18n.changeLanguage(lang);
    const onClick = vi.fn();
    render(<OkButton testId="x-confirm" onClick={onClick} />);
    const button = screen.getByTestId('x-confirm');
    expect(button.textContent).toBe(text);
    expect(button.hasAttribute('data-autofocus')).toBe(true);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });
});
