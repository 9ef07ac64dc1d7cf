/** Transaction history: what other features may use. */
export { historyKeys } from './history-queries';
