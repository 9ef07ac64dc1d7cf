/**
 * The item detail page's lists (spec 3 "/NftInfo/{productId}", section 7): /nft/inventory/list/owner (the owner
 * list popup), /nft/trading/list (the price history chart), /nft/info/chain (the chain information tab). Codes: 0; 258 missing or deleted
 * item; 5/6 bad body.
 */
import { ReturnCode, TokenType, pageCountOf } from '@att/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/http/app-error';
import { defineRoute } from '../../platform/http/define-route';
import { networkName } from '../catalog';
import { createItemDetailRepository } from './item-detail-repository';

export default async function itemDetailRoutes(app: FastifyInstance) {
  const repo = createItemDetailRepository(app.db);

  async function liveItem(itemIdx: number) {
    const item = await repo.chainFields(itemIdx);
    if (!item) throw new AppError(ReturnCode.ProductNotFound);
    return item;
  }

  defineRoute(app, '/nft/inventory/list/owner', async ({ body }) => {
    await liveItem(body.productIdx);
    const { rows, total } = await repo.owners(body.productIdx, app.config.contracts.market, body);
    return {
      returnCode: ReturnCode.Success,
      list: rows.map((r) => ({
        ...r,
        memberIdx: r.memberIdx ?? null,
        memberName: r.memberName ?? null,
        memberFileName: r.memberFileName ?? null,
        escrow: r.escrow ?? null,
      })),
      page: { totalRecordSize: total, pageNo: body.pageNo, pageCount: pageCountOf(total, body.pageSize) },
    };
  });

  defineRoute(app, '/nft/trading/list', async ({ body }) => {
    await liveItem(body.productId);
    return { returnCode: ReturnCode.Success, list: await repo.tradingStats(body.productId) };
  });

  defineRoute(app, '/nft/info/chain', async ({ body }) => {
    const item = await liveItem(body.productId);
    return {
      returnCode: ReturnCode.Success,
      data: {
        contractAddress: app.config.contracts.items,
        tokenId: item.tokenId,
        tokenType: TokenType.Erc1155,
        blockChain: networkName(app.config.chainId).displayName,
        chainId: app.config.chainId,
        royalty: item.royaltyBps / 100,
      },
    };
  });
}
