/**
 * The profile routes (spec 2 "Own profile" and "Other user's profile"): tab names, which tabs a visitor may see,
 * and the links between them.
 */
export const PROFILE_TABS = [
  'MyItem',
  'TransactionHistory',
  'Offers',
  'Liked',
  'HiddenItem',
  'Loyalty',
  'Referral',
  'Watchlist',
] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];
/** Tabs only the owner sees. */
const OWN_ONLY: ReadonlySet<ProfileTab> = new Set(['HiddenItem', 'Loyalty', 'Referral', 'Watchlist']);

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
