/**
 * Who counts as one viewer of an item for a day: a member by index (`m:<memberIdx>`), a visitor by a salted
 * SHA-256 of client IP + user agent (`v:<hex>`). The raw IP is never stored: the salt is random per process and
 * mixed with the UTC day, so the key cannot be reversed by hashing every IPv4 address, nor linked across days.
 * (A restart changes the salt; a visitor may then count once more that day, which a view counter can bear.)
 */
import { createHmac, randomBytes } from 'node:crypto';
import { clientKey } from '../../platform/http/client-key';

const SALT = randomBytes(32);

/** The UTC calendar day of `now`, as PostgreSQL `date` text. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export function viewerKey(
  viewer: { memberIdx: number } | undefined,
  request: { ip: string; headers: Record<string, string | string[] | undefined> },
  day: string,
): string {
  if (viewer) return `m:${viewer.memberIdx}`;
  const ua = request.headers['user-agent'];
  const agent = (Array.isArray(ua) ? ua.join(' ') : (ua ?? '')).slice(0, 512);
  const digest = createHmac('sha256', SALT)
    .update(`${day}\n${clientKey(request.ip)}\n${agent}`)
    .digest('hex');
  return `v:${digest.slice(0, 48)}`;
}
