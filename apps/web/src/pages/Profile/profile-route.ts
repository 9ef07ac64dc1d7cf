/**
 * The profile routes (spec 2 "Own profile" and "Other user's profile"): tab names, which tabs a visitor may see,
 * the links between them, and the wallet address as the header shows it.
 */
export const PROFILE_TABS = ['MyItem', 'TransactionHistory', 'Offers', 'Liked', 'HiddenItem', 'Loyalty'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];
/** Tabs only the owner sees. */
const OWN_ONLY: ReadonlySet<ProfileTab> = new Set(['HiddenItem', 'Loyalty']);

export function tabsFor(mine: boolean): ProfileTab[] {
  return PROFILE_TABS.filter((tab) => mine || !OWN_ONLY.has(tab));
}

/** The tab a route names: undefined means the default (MyItem); null means not a tab this visitor may open. */
export function parseTab(raw: string | undefined, mine: boolean): ProfileTab | null {
  if (raw === undefined) return 'MyItem';
  const tab = PROFILE_TABS.find((x) => x === raw);
  if (!tab) return null;
  return tabsFor(mine).includes(tab) ? tab : null;
}

/** /MyProfile/{tab}[/{idx}] for the owner, /Profile/{userId}/{tab}[/{idx}] for everyone else. */
export function profilePath(opts: { mine: boolean; userId: string; tab: ProfileTab; collectionIdx?: number }): string {
  const base = opts.mine ? '/MyProfile' : `/Profile/${encodeURIComponent(opts.userId)}`;
  return `${base}/${opts.tab}${opts.collectionIdx !== undefined ? `/${opts.collectionIdx}` : ''}`;
}

/** The first 6 and the last 6 characters: 0x1234...abcdef. */
export function shortWallet(address: string): string {
  return address.length <= 15 ? address : `${address.slice(0, 6)}...${address.slice(-6)}`;
}

/** Share targets of the share menu, for the profile's public link. */
export function shareLinks(url: string, text: string) {
  const u = encodeURIComponent(url);
  const tx = encodeURIComponent(text);
  return {
    twitter: `https://twitter.com/intent/tweet?url=${u}&text=${tx}`,
    telegram: `https://t.me/share/url?url=${u}&text=${tx}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
  };
}
