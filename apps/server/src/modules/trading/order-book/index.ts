/**
 * The order book: the one owner of listing and reservation state (and the pieces they hold), and of the lock
 * order every writer takes (`lockInOrder`: buyer, listings, reservations, offers, inventory). Use cases, the
 * indexer's handlers, the jobs and the rebuild change listings and reservations only through these functions
 * (the house rules refuse a write to either table anywhere else).
 */
export * from './fixed-price/listings';
export * from './fixed-price/reservations';
export * from './fixed-price/voided-buys';
export {
  cheapestListings,
  floorListings,
  type CheapestListing,
  type FloorListing,
} from './fixed-price/cheapest-listings';
export { parkListings, relistParked } from './replay';
export { sweep, type SweepSpec } from './sweep';
export { refreshOfferSummary, refreshSaleSummary, withDeferredSaleSummaries } from './trade-summary';
