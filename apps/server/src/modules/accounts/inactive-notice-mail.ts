/**
 * The notice mailed 30 days before an inactive member's personal data is kept apart, in Korean or English by the
 * member's language: what happens, when, and that signing in before then (or any time after) keeps or brings it back.
 */
import { escapeHtml, type Mail } from '../../platform/mail/mail';

export interface InactiveNoticeInput {
  to: string;
  userName: string;
  lang: 'ko' | 'en';
  /** The day the data is kept apart unless the member signs in. */
  moveOn: Date;
  publicOrigin: string;
}

const day = (d: Date) => d.toISOString().slice(0, 10);

export function inactiveNoticeMail(n: InactiveNoticeInput): Mail & { meta: Record<string, string> } {
  const ko = n.lang !== 'en';
  const lines = ko
    ? {
        subject: '[ATT NFT 마켓] 휴면 회원 전환 안내',
        greeting: `${n.userName}님, 안녕하세요.`,
        body: [
          '회원님은 1년 가까이 ATT NFT 마켓에 로그인하지 않으셨습니다.',
          `${day(n.moveOn)}까지 로그인하지 않으시면 개인정보처리방침에 따라 회원님의 개인정보(이메일 주소, 소개글, 프로필·배너 이미지)를 다른 회원의 정보와 분리하여 보관합니다.`,
          '분리 보관 중에는 프로필에 휴면 회원으로 표시되며, 이메일 알림이 발송되지 않습니다. 사용자 이름과 아이템, 거래 내역은 그대로 남습니다.',
          '지갑으로 다시 로그인하시면 분리 보관된 정보가 바로 복원됩니다.',
        ],
        action: '로그인하기',
      }
    : {
        subject: '[ATT NFT Market] Your account is about to become inactive',
        greeting: `Hello ${n.userName},`,
        body: [
          'You have not signed in to ATT NFT Market for almost a year.',
          `If you do not sign in by ${day(n.moveOn)}, our privacy policy has us keep your personal data (e-mail address, about-me, profile and banner images) apart from other members' data.`,
          'While it is kept apart your profile shows you as an inactive member and no e-mail alerts are sent. Your user name, items and trades stay.',
          'Sign in with your wallet again and it is restored at once.',
        ],
        action: 'Sign in',
      };
  const text = [lines.greeting, '', ...lines.body, '', `${lines.action}: ${n.publicOrigin}/`].join('\n');
  const html = `<p>${escapeHtml(lines.greeting)}</p>${lines.body.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}<p><a href="${escapeHtml(`${n.publicOrigin}/`)}">${escapeHtml(lines.action)}</a></p>`;
  return { to: n.to, subject: lines.subject, text, html, meta: { template: 'inactive-notice', moveOn: day(n.moveOn) } };
}
