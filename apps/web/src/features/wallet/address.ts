import { copyText } from '../../lib/clipboard';
import { popups } from '../popups';

/** `0x1234...abcd`: small enough for the header; no wallet library needed. */
export function shortAddress(address: string) {
  return `${address.slice(0, 6)}...${address.slice(-4)}`;
}

export async function copyAddress(address: string, message: string) {
  await copyText(address);
  popups.ok(message);
}
