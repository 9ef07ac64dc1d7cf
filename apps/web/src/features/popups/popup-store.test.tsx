import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { reportFailure } from '../../lib/api';
import { popups } from './popup-store';
import { PopupHost } from './PopupHost';

describe('popup store', () => {
  beforeEach(() => i18n.changeLanguage('ko'));
  afterEach(() => popups.clear());

  it('registers itself as the API’s failure handler: a failed write opens the error popup with its code', () => {
    render(<PopupHost />);
    act(() => reportFailure(253));
    expect(screen.getByTestId('error-popup-message').getAttribute('data-code')).toBe('253');
  });
});
