/**
 * Referral links (spec 1 section 9): a member's share links carry `?ref=<their user name>`; a visitor who arrives by
 * one keeps the code (localStorage, the latest link wins) until their sign-up sends it, then forgets it. The server
 * decides whether the code counts (an unknown, blocked or own code is ignored).
 */
import { REFERRAL_PARAM } from '@att/shared';

const KEY = 'att.referral';
const MAX = 64;

/** `url` with the sharer's code, when someone is signed in to share as. */
export function withReferral(url: string, code: string | null | undefined): string {
  if (!code) return url;
  const u = new URL(url);
  u.searchParams.set(REFERRAL_PARAM, code);
  return u.toString();
}

/** Keeps the code of the link the visitor came by (`location.search`). */
export function captureReferral(search: string): void {
  const code = new URLSearchParams(search).get(REFERRAL_PARAM)?.trim();
  if (!code || code.length > MAX) return;
  try {
    localStorage.setItem(KEY, code);
  } catch {
    // Storage refused (private mode): the sign-up goes without a referrer.
  }
}

/** The kept code, if any. */
export function storedReferral(): string | undefined {
  try {
    return localStorage.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Forgets the code (the sign-up sent it). */
export function clearReferral(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
