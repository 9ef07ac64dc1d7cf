/** The sign-up verification mail, in Korean or English. */
import { escapeHtml, type Mail } from '../../platform/mail/mail';

/** The link the web's /EmailVerify/{email}/{cert}/{address} page reads. */
export function verificationLink(publicOrigin: string, email: string, cert: string, address: string): string {
  return `${publicOrigin}/EmailVerify/${encodeURIComponent(email)}/${encodeURIComponent(cert)}/${address}`;
}

export function verificationMail(opts: { to: string; userName: string; link: string; lang: 'ko' | 'en' }): Mail {
  const { to, userName, link, lang } = opts;
  if (lang === 'en') {
    const text = [
      `Hello ${userName},`,
      '',
      'Please confirm your e-mail address to finish signing up to ATT NFT Market.',
      'Open this link and sign with the same wallet you signed up with:',
      link,
      '',
      'The link is valid for 24 hours. If you did not sign up, ignore this mail.',
    ].join('\n');
    const html = `<p>Hello ${escapeHtml(userName)},</p><p>Please confirm your e-mail address to finish signing up to ATT NFT Market. Open the link below and sign with the same wallet you signed up with.</p><p><a href="${escapeHtml(link)}">Verify my e-mail</a></p><p>${escapeHtml(link)}</p><p>The link is valid for 24 hours. If you did not sign up, ignore this mail.</p>`;
    return { to, subject: '[ATT NFT Market] Verify your e-mail address', text, html };
  }
  const text = [
    `${userName}님, 안녕하세요.`,
    '',
    'ATT NFT 마켓 회원가입을 완료하려면 이메일 주소를 인증해 주세요.',
    '아래 링크를 열고 가입할 때 사용한 지갑으로 서명해 주세요:',
    link,
    '',
    '링크는 24시간 동안 유효합니다. 가입한 적이 없다면 이 메일을 무시해 주세요.',
  ].join('\n');
  const html = `<p>${escapeHtml(userName)}님, 안녕하세요.</p><p>ATT NFT 마켓 회원가입을 완료하려면 이메일 주소를 인증해 주세요. 아래 링크를 열고 가입할 때 사용한 지갑으로 서명해 주세요.</p><p><a href="${escapeHtml(link)}">이메일 인증하기</a></p><p>${escapeHtml(link)}</p><p>링크는 24시간 동안 유효합니다. 가입한 적이 없다면 이 메일을 무시해 주세요.</p>`;
  return { to, subject: '[ATT NFT 마켓] 이메일 주소를 인증해 주세요', text, html };
}
