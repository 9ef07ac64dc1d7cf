import { FORMER_MEMBER_LABEL, isFormerMemberName } from '@att/shared';
import { useTranslation } from 'react-i18next';

/** A member's user name, or "탈퇴한 회원" / "Former member" for a member who withdrew (their name is destroyed). */
export function MemberName({ name }: { name: string }) {
  const { i18n } = useTranslation();
  return <>{isFormerMemberName(name) ? FORMER_MEMBER_LABEL[i18n.resolvedLanguage === 'en' ? 'en' : 'ko'] : name}</>;
}
