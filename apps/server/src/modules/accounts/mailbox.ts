/** E-mail addresses as keys and as shown to strangers. */

/**
 * The mailbox an address delivers to, for quotas: lowercase, and the `+tag` of the local part removed
 * (`Alice+3@Example.com` -> `alice@example.com`), so one inbox cannot be mailed N times as `name+N@`.
 */
export function mailboxKey(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return email.trim().toLowerCase();
  const local = email.slice(0, at).split('+')[0] ?? '';
  return `${local}@${email.slice(at + 1)}`.trim().toLowerCase();
}

/** `alice@example.com` -> `a***@example.com`: enough for its owner to recognise, nothing for anyone else. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
