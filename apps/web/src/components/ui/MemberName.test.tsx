import { FORMER_MEMBER_NAME } from '@att/shared';
import { render, renderHook, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { MemberLink, MemberName, memberProfilePath, useMemberNameText } from './MemberName';

const A = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';

afterEach(async () => i18n.changeLanguage('ko'));

describe('MemberName: a former member shows as 탈퇴한 회원 / Former member', () => {
  it('a member shows their name; a former member the label in the page language, with the short address', async () => {
    await i18n.changeLanguage('ko');
    const { container, rerender } = render(<MemberName name="alice_01" address={A} />);
    expect(container.textContent).toBe('alice_01');
    rerender(<MemberName name={FORMER_MEMBER_NAME} />);
    expect(container.textContent).toBe('탈퇴한 회원');
    rerender(<MemberName name={FORMER_MEMBER_NAME} address={A} />);
    expect(container.textContent).toBe('탈퇴한 회원 0xf39f…2266');
    await i18n.changeLanguage('en');
    rerender(<MemberName name={FORMER_MEMBER_NAME} address={A} />);
    expect(container.textContent).toBe('Former member 0xf39f…2266');
    expect(container.textContent).not.toContain('~former');
  });

  it('links a member by name, a former member by address, and a former member without one not at all', () => {
    expect(memberProfilePath('alice_01', A)).toBe('/Profile/alice_01');
    expect(memberProfilePath(FORMER_MEMBER_NAME, A)).toBe(`/Profile/${A}`);
    expect(memberProfilePath(FORMER_MEMBER_NAME)).toBeNull();
    render(
      <MemoryRouter>
        <MemberLink name={FORMER_MEMBER_NAME} address={A} data-testid="with" />
        <MemberLink name={FORMER_MEMBER_NAME} data-testid="without" />
        <MemberLink name="bob" data-testid="bob" />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('with').getAttribute('href')).toBe(`/Profile/${A}`);
    expect(screen.getByTestId('with').textContent).toBe('탈퇴한 회원 0xf39f…2266');
    expect(screen.getByTestId('without').tagName).toBe('SPAN');
    expect(screen.getByTestId('without').textContent).toBe('탈퇴한 회원');
    expect(screen.getByTestId('bob').getAttribute('href')).toBe('/Profile/bob');
  });

  it('useMemberNameText gives the same words as text for sentences', async () => {
    await i18n.changeLanguage('en');
    const { result } = renderHook(() => useMemberNameText());
    expect(result.current(FORMER_MEMBER_NAME)).toBe('Former member');
    expect(result.current('carol')).toBe('carol');
  });
});
