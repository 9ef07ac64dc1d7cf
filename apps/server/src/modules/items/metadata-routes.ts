/**
 * GET /attnftmarket/api/v1/nft/metadata/:id: ERC-1155 metadata JSON of a token (the Items contract's `uri`). Public, cacheable
 * for a minute, CORS open (wallets and other marketplaces read it). Hidden and deleted items still answer: the
 * token may exist on chain. Unknown ids answer HTTP 404.
 */
import { METADATA_PATH } from '@att/shared';
import type { FastifyInstance } from 'fastify';
import { itemMetadata, parseTokenId } from './metadata';
import { itemsRepo } from './items-repository';
import { itemTraitsRepo } from './item-traits-repository';

export default async function metadataRoutes(app: FastifyInstance) {
  app.get<{ Params: { id: string } }>(`${METADATA_PATH}/:id`, async (request, reply) => {
    reply.header('access-control-allow-origin', '*').header('x-content-type-options', 'nosniff');
    const tokenId = parseTokenId(request.params.id.replace(/\.json$/, ''));
    const row = tokenId ? await itemsRepo(app.db).findByTokenId(tokenId) : undefined;
    if (!row) return reply.code(404).send({ error: 'unknown token' });
    const traits = await itemTraitsRepo(app.db).traitsOf(row.productId);
    return reply
      .header('cache-control', 'public, max-age=60')
      .type('application/json; charset=utf-8')
      .send(itemMetadata(app.config, row, traits));
  });
}
