/**
 * A strict EIP-4361 (Sign-In with Ethereum) parser: the whole message must match the ABNF of the EIP (the grammar
 * wallets use to recognise a SIWE request and show its domain warning), byte for byte, or it is refused.
 * viem's `parseSiweMessage` finds fields with loose regular expressions, so a message with trailing text, an
 * extra line, a second `URI:` block or markup in `Request ID` parsed fine there while a wallet showed it as a
 * plain text signature without the phishing warning.
 *
 *   [ scheme "://" ] domain " wants you to sign in with your Ethereum account:" LF
 *   address LF LF [ statement LF ] LF
 *   "URI: " uri LF "Version: 1" LF "Chain ID: " chain-id LF "Nonce: " nonce LF "Issued At: " date-time
 *   [ LF "Expiration Time: " date-time ] [ LF "Not Before: " date-time ] [ LF "Request ID: " *pchar ]
 *   [ LF "Resources:" *( LF "- " URI ) ]
 *
 * The address must be EIP-55 checksummed (the EIP requires it); that check is the caller's (siwe.ts).
 */

// RFC 3986 character classes.
const UNRESERVED = 'A-Za-z0-9\\-._~';
const SUB_DELIMS = "!$&'()*+,;=";
const PCT = '%[0-9A-Fa-f]{2}';
const PCHAR = `(?:[${UNRESERVED}${SUB_DELIMS}:@]|${PCT})`;
/** An absolute URI: scheme ":" then URI characters only (no space, quotes, angle brackets, braces). */
const URI = `[A-Za-z][A-Za-z0-9+.\\-]*:(?:[${UNRESERVED}${SUB_DELIMS}:/?#\\[\\]@]|${PCT})*`;
const AUTHORITY = `(?:[${UNRESERVED}${SUB_DELIMS}:@\\[\\]]|${PCT})+`;
/** statement = 1*( reserved / unreserved / " " ) */
const STATEMENT = `[${UNRESERVED}:/?#\\[\\]@${SUB_DELIMS} ]+`;
/** RFC 3339 date-time. */
const DATE_TIME = '\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(?:\\.\\d+)?(?:Z|[+-]\\d{2}:\\d{2})';

const SIWE_RE = new RegExp(
  [
    `^(?:(?<scheme>[A-Za-z][A-Za-z0-9+.\\-]*)://)?(?<domain>${AUTHORITY}) wants you to sign in with your Ethereum account:\\n`,
    `(?<address>0x[0-9a-fA-F]{40})\\n\\n`,
    `(?:(?<statement>${STATEMENT})\\n)?\\n`,
    `URI: (?<uri>${URI})\\n`,
    `Version: (?<version>1)\\n`,
    `Chain ID: (?<chainId>[1-9][0-9]{0,15})\\n`,
    `Nonce: (?<nonce>[A-Za-z0-9]{8,})\\n`,
    `Issued At: (?<issuedAt>${DATE_TIME})`,
    `(?:\\nExpiration Time: (?<expirationTime>${DATE_TIME}))?`,
    `(?:\\nNot Before: (?<notBefore>${DATE_TIME}))?`,
    `(?:\\nRequest ID: (?<requestId>${PCHAR}*))?`,
    `(?:\\nResources:(?<resources>(?:\\n- ${URI})*))?$`,
  ].join(''),
);

export interface StrictSiweMessage {
  scheme?: string;
  domain: string;
  address: string;
  statement?: string;
  uri: string;
  version: '1';
  chainId: number;
  nonce: string;
  issuedAt: Date;
  expirationTime?: Date;
  notBefore?: Date;
  requestId?: string;
  resources?: string[];
}

function date(text: string | undefined): Date | undefined {
  if (text === undefined) return undefined;
  const d = new Date(text);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/** The message's fields when it is exactly an EIP-4361 message, else null. */
export function parseSiweStrict(message: string): StrictSiweMessage | null {
  const m = SIWE_RE.exec(message);
  const g = m?.groups;
  if (!g) return null;
  const issuedAt = date(g.issuedAt);
  if (!issuedAt) return null;
  const expirationTime = date(g.expirationTime);
  const notBefore = date(g.notBefore);
  if ((g.expirationTime && !expirationTime) || (g.notBefore && !notBefore)) return null;
  return {
    scheme: g.scheme,
    domain: g.domain!,
    address: g.address!,
    statement: g.statement,
    uri: g.uri!,
    version: '1',
    chainId: Number(g.chainId),
    nonce: g.nonce!,
    issuedAt,
    expirationTime,
    notBefore,
    requestId: g.requestId,
    resources: g.resources === undefined ? undefined : g.resources.split('\n- ').slice(1),
  };
}
