/**
 * What of a request URL may be written to the log. Tickets (32 random bytes, 43 base64url characters) must never
 * be, however the URL spells them: any case (`/USER/UPLOAD/...`), percent-encoded slashes (`%2F`), encoded
 * characters (`%41`, `%2541`), doubled slashes, or in the query. So the URL is decoded (three rounds, byte by
 * byte, never throwing), the ticket segment of an upload path is masked, and so is every run of 32 or more
 * ticket characters (tickets, nonces and mail codes alike), except a wallet address, which is no secret.
 * A service URL (a database, Redis, SMTP, S3 or chain node URL) is masked for a log line or a refusal by
 * `maskServiceUrl`, and every URL inside a message by `maskSecrets`.
 */
const PCT_RE = /%([0-9A-Fa-f]{2})/g;
const UPLOAD_TICKET_RE = /(\/+user\/+upload\/+[^/?#]+\/+[^/?#]+\/+)[^/?#]+/gi;
const SECRET_RUN_RE = /[A-Za-z0-9_-]{32,}/g;
const ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/;

function decodeForLog(url: string): string {
  let out = url;
  for (let i = 0; i < 3; i++) {
    const next = out.replace(PCT_RE, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    if (next === out) break;
    out = next;
  }
  return out;
}

export function maskUrl(url: string): string {
  return decodeForLog(url)
    .replace(UPLOAD_TICKET_RE, '$1***')
    .replace(SECRET_RUN_RE, (run) => (ADDRESS_RE.test(run) ? run : '***'));
}

/** A service URL fit for a log line: user, password and any query (API keys) masked, the path's key-like parts too. */
export function maskServiceUrl(raw: string): string {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return '***';
  }
  if (u.username) u.username = '***';
  if (u.password) u.password = '***';
  for (const k of [...u.searchParams.keys()]) u.searchParams.set(k, '***');
  // Providers put the key in the path (…/v3/<key>, …/<key>): any segment of 16+ letters and digits.
  u.pathname = u.pathname.replace(/[A-Za-z0-9_-]{16,}/g, '***');
  const masked = u.toString().replace(/%2A%2A%2A/g, '***');
  return !raw.endsWith('/') && u.pathname === '/' ? masked.replace(/\/$/, '') : masked;
}

const URL_IN_TEXT_RE = /\b[a-z][a-z0-9+.-]*:\/\/[^\s'"<>()]+/gi;

/** A message fit for a log line or a refusal: every URL in it masked as `maskServiceUrl` does. */
export function maskSecrets(text: string): string {
  return text.replace(URL_IN_TEXT_RE, (url) => maskServiceUrl(url));
}
