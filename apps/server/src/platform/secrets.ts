/** Random secrets and their stored form: only a SHA-256 of a ticket or mail code is ever written down. */
import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url (a ticket). */
export function newTicket(): string {
  return randomBytes(32).toString('base64url');
}

/** A sign-in nonce: 128 random bits as 32 hex characters (EIP-4361 wants alphanumerics, at least 8). */
export function newNonce(): string {
  return randomBytes(16).toString('hex');
}

/** A mail verification code: 24 random bytes, base64url (URL-safe, 32 characters). */
export function newCertCode(): string {
  return randomBytes(24).toString('base64url');
}

/** A random file name stem for uploads. */
export function newFileStem(): string {
  return randomBytes(16).toString('hex');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}
