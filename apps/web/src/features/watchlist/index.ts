/** The watchlist: the follow star, the profile's Watchlist tab and their queries. */
export { FollowButton } from './FollowButton';
export { WatchlistTab } from './WatchlistTab';
export { watchKeys } from './watchlist-queries';
