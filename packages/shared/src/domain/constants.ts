/** Business constants of the shell, wallet and account area (spec 1, section 9). */

/** `authType` of every signed request (sign-in, sign-up, e-mail verification). */
export const AUTH_TYPE = 2;
/** Kaia main net. The local dev chain (anvil) uses DEV_CHAIN_ID. */
export const MAIN_NET_CHAIN_ID = 8217;
export const KAIROS_CHAIN_ID = 1001;
export const DEV_CHAIN_ID = 31337;

export const USERNAME_MIN = 5;
export const USERNAME_MAX = 45;
export const ABOUT_ME_MAX = 140;
export const MIN_AGE = 19;
/**
 * Profile and banner images: jpg/png/gif, checked by content, 2 MB each on the settings page; a file of
 * IMAGE_MAX_BYTES + 1 bytes is refused (5). The sign-up form takes a banner up to 10 MB (spec 1: "banner up to
 * 10MB"), uploaded through the same banner route after the e-mail is verified, so that route accepts
 * BANNER_MAX_BYTES (the stored banner is re-encoded at 1920x320 either way); the settings page keeps its 2 MB.
 */
export const IMAGE_MAX_MB = 2;
export const IMAGE_MAX_BYTES = IMAGE_MAX_MB * 1024 * 1024;
export const BANNER_MAX_MB = 10;
export const BANNER_MAX_BYTES = BANNER_MAX_MB * 1024 * 1024;
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
export const PROFILE_IMAGE_SIZE = { width: 350, height: 350 } as const;
export const BANNER_IMAGE_SIZE = { width: 1920, height: 320 } as const;

/** E-mail verification code lifetime, and the limits that make it safe. */
export const EMAIL_CERT_TTL_MS = 24 * 60 * 60 * 1000;
export const EMAIL_CERT_MAX_ATTEMPTS = 5;
/**
 * Verification mails (sign-up, resend, change of e-mail) per wallet address and per mailbox in
 * CERT_REQUEST_WINDOW_MS before 111. The mailbox key ignores case and a `+tag` in the local part. Attempts are
 * counted when the send slot is reserved, before the mail goes out. Per client and global quotas are server
 * configuration (MAIL_QUOTA_PER_CLIENT, MAIL_QUOTA_GLOBAL).
 */
export const CERT_REQUEST_LIMIT = 5;
export const CERT_REQUEST_WINDOW_MS = 60 * 60 * 1000;

/** Sign-in: a server nonce lives this long; a signed message may live at most this long. */
export const SIGN_IN_NONCE_TTL_MS = 10 * 60 * 1000;
export const SIGN_IN_MESSAGE_MAX_TTL_MS = 10 * 60 * 1000;
/** A ticket (session) lives this long. */
export const TICKET_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Statement of the EIP-4361 message: the spec's "{product}NFT Signature" prefix. */
export const SIGN_IN_STATEMENT = 'ATTNFT Signature';

/** The largest amount a uint256 holds: every wei amount on the wire is at most this (2^256 - 1). */
export const MAX_UINT256 = 2n ** 256n - 1n;

/** The 8 categories (spec 1, header). `code` is the route segment of /Marketplace/{category}. */
export const CATEGORY_CODES = [
  'art',
  'music',
  'virtual-world',
  'trading-cards',
  'collectibles',
  'sports',
  'utility',
  'etc',
] as const;
export type CategoryCode = (typeof CATEGORY_CODES)[number];

/** Refresh and polling intervals the web uses (spec 1, section 9). */
export const INTERVALS = {
  configRefreshMs: 30_000,
  balanceRefreshMs: 10_000,
  alertHealthCheckMs: 120_000,
  alertClearDelayMs: 1_000,
  walletConnectDelayMs: 500,
  walletPollMs: 500,
  accountInfoPollMs: 1_000,
  accountInfoPollTimes: 10,
} as const;

/** API base path; every call is POST JSON under it. */
export const API_BASE = '/attnftmarket/api/v1';
/** CDN base path under which uploads are served (user/profile, user/banner, ...). */
export const CDN_BASE = '/cdn';
