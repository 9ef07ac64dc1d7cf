/** A wallet address as profiles and owner lists show it: the first 6 and the last 6 characters, 0x1234...abcdef. */
export function shortWallet(address: string): string {
  return address.length <= 15 ? address : `${address.slice(0, 6)}...${address.slice(-6)}`;
}
