import { FORMER_MEMBER_LABEL, isFormerMemberName } from '@att/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { shortHex } from '../../lib/format';

/**
 * A member's user name, or "탈퇴한 회원" / "Former member" for a member who withdrew (their row holds the marker
 * FORMER_MEMBER_NAME, which replies carry as the name; their own is destroyed), followed by the short address where
 * the place has one.
 */
export function MemberName({ name, address }: { name: string; address?: string | null }) {
  const { i18n } = useTranslation();
  if (!isFormerMemberName(name)) return <>{name}</>;
  const label = FORMER_MEMBER_LABEL[i18n.resolvedLanguage === 'en' ? 'en' : 'ko'];
  return (
    <>
      {label}
      {address ? (
        <>
          {' '}
          <span className="mono" title={address}>
            {shortHex(address)}
          </span>
        </>
      ) : null}
    </>
  );
}

/** A member's profile page: by name, a former member's by address (null when there is none to go by). */
export function memberProfilePath(name: string, address?: string | null): string | null {
  if (!isFormerMemberName(name)) return `/Profile/${encodeURIComponent(name)}`;
  return address ? `/Profile/${encodeURIComponent(address)}` : null;
}

/** A member's name as a link to their profile (see MemberName and memberProfilePath); `children` replaces the text. */
export function MemberLink(p: {
  name: string;
  address?: string | null;
  className?: string;
  children?: ReactNode;
  onClick?: () => void;
  'data-testid'?: string;
}) {
  const to = memberProfilePath(p.name, p.address);
  const text = p.children ?? <MemberName name={p.name} address={p.address} />;
  if (!to)
    return (
      <span className={p.className} data-testid={p['data-testid']}>
        {text}
      </span>
    );
  return (
    <Link className={p.className} to={to} onClick={p.onClick} data-testid={p['data-testid']}>
      {text}
    </Link>
  );
}

/** MemberName as plain text, for places that put the name inside a sentence or an attribute. */
export function useMemberNameText(): (name: string) => string {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage === 'en' ? 'en' : 'ko';
  return (name) => (isFormerMemberName(name) ? FORMER_MEMBER_LABEL[lang] : name);
}
