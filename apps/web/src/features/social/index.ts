/** Likes, reports and members' public profiles: what other features may use. */
export { socialKeys, socialQueries } from './social-queries';
