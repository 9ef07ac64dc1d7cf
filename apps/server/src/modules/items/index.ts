/** Items: publish, edit, delete, hide, unlock, the item page's data and lists, and the ERC-1155 metadata of tokens. */
import type { FastifyInstance } from 'fastify';
import itemDetailRoutes from './item-detail-routes';
import metadataRoutes from './metadata-routes';
import itemRoutes from './routes';

export async function itemsRoutes(app: FastifyInstance) {
  await app.register(itemRoutes);
  await app.register(itemDetailRoutes);
}

/** Routes outside the API base: GET /attnftmarket/api/v1/nft/metadata/:id (wallets read it). */
export async function itemsRootRoutes(app: FastifyInstance) {
  await app.register(metadataRoutes);
}

export { itemsRepo } from './items-repository';
export { cardQuery, escrowedFor } from './card-query';
export { toItemCard } from './item-card';
export { metadataUri } from './metadata';
export { hideItemByOperator } from './operator-hide';
export type { ItemCardRow } from './items-repository';
export { addLikes, likeCount } from './like-count';
export { setTradeSummary, type TradeSummary } from './trade-summary';
export type { EscrowKind } from './tables';
export { addOnSale, addReserved, lockHolding, moveHolding, piecesHeld } from './inventory-writes';
export { recordMint, recordTrade, undoTrade, type LastPrice } from './trade-columns';
export { resetChainEffects } from './chain-reset';
export { watchedItems, type WatchedItemRow } from './watched-items';
export { itemTraitsRepo, traitMatch, traitValue } from './item-traits-repository';
