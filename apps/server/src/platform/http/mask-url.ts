/**
 * What of a request URL may be written to the log. Tickets (32 random bytes, 43 base64url characters) must never
 * be, however the URL spells them: any case (`/USER/UPLOAD/...`), percent-encoded slashes (`%2F`), encoded
 * characters (`%41`, `%2541`), doubled slashes, or in the query. So the URL is decoded (three rounds, byte by
 * byte, never throwing), the ticket segment of an upload path is masked, and so is every run of 32 or more
 * ticket characters (tickets, nonces and mail codes alike), except a wallet address, which is no secret.
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
