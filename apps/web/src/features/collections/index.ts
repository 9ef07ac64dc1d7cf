/** Collections: what other features may use. */
export {
  type CollectionSource,
  collectionKeys,
  collectionQueries,
  refreshCollections,
  routeIdx,
  useCollectionInfo,
  useMyCollections,
} from './collection-queries';
