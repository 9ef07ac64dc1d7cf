/** Items: what other features may use (their reads and keys; components are mounted by pages). */
export { DeletedItemError, itemKeys, itemQueries, refreshItems, useItemDetail } from './item-queries';
export { useStartPublishing } from './useStartPublishing';
