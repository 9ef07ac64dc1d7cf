/** Collections: what other features may use. */
export {
  type CollectionSource,
  collectionKeys,
  collectionQueries,
  refreshCollections,
  routeIdx,
  useCollectionChart,
  useCollectionInfo,
  useMyCollections,
} from './collection-queries';
