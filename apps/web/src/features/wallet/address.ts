import { popups } from '../popups/popup-store';

/** `0x1234...abcd`: small enough for the header; no wallet library needed. */
export function shortAddress(address: string) {
  return `${address.slice(0, 6)}...${address.slice(-4)}`;
}

export async function copyAddress(address: string, message: string) {
  try {
    await navigator.clipboard.writeText(address);
  } catch {
    // Clipboard API unavailable (http, permissions): fall back to a hidden textarea.
    const ta = document.createElement('textarea');
    ta.value = address;
    ta.setAttribute('readonly', '');
    ta.style.position = 'fixed';
    ta.style.opacity = '0';
    document.body.appendChild(ta);
    ta.select();
    document.execCommand('copy');
    ta.remove();
  }
  popups.ok(message);
}
