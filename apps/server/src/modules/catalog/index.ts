/** Catalog: reference data (categories, token USD prices, the platform fee), the web's configuration, media uploads. */
import type { FastifyInstance } from 'fastify';
import configRoutes from './config-routes';
import catalogConsoleRoutes from './console';
import mediaUploadRoutes from './media-upload-routes';

export async function catalogRoutes(app: FastifyInstance) {
  await app.register(configRoutes);
  await app.register(mediaUploadRoutes);
  await app.register(catalogConsoleRoutes);
}

export { catalogRepo } from './catalog-repository';
export { networkName } from './config-routes';
export { consumeUpload, markUploadUsed, uploadsRepo } from './uploads-repository';
export { seedReference, DEFAULT_TOKEN_PRICES, type ReferenceSeedOptions } from './seed';
