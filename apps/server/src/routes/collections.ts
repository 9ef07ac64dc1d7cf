/** Collections: register, update, delete, info, own list, profile and marketplace filter lists. */
import { PAGE_SIZE_CAPS, ReturnCode, bpsToPercent, type Collection } from '@att/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';
import { defineRoute } from '../http/define-route';
import type { CollectionRow } from '../repositories/collections-repository';
import { deleteCollection, registerCollection, updateCollection } from '../services/collections-service';

/** Royalty 0-10 %: over 10 -> 272, otherwise malformed -> 252 (a missing field stays 6). */
function royaltyCode(issues: readonly { path: readonly PropertyKey[]; code: string }[]) {
  const royalty = issues.find((i) => i.path[0] === 'royalty');
  if (!royalty) return undefined;
  return royalty.code === 'too_big' ? ReturnCode.RoyaltyTooBig : ReturnCode.RoyaltyWronglySet;
}

export function toCollection(c: CollectionRow): Collection {
  return {
    collectionIdx: c.collectionIdx,
    collectionName: c.collectionName,
    description: c.description,
    memberId: c.memberId,
    memberIdx: c.memberIdx,
    memberFileName: c.memberFileName,
    logo: c.logo,
    banner: c.banner,
    featured: c.featured,
    royalty: bpsToPercent(c.royaltyBps),
    itemCount: c.itemCount,
    ownerCount: c.ownerCount,
    floorPrice: null,
    volumeTrade: c.volumeTrade,
    createDate: c.createdAt.toISOString(),
  };
}

export function pageOf(total: number, pageNo: number, pageSize: number) {
  return { totalRecordSize: total, pageNo, pageCount: Math.ceil(total / pageSize) };
}

export default async function collectionRoutes(app: FastifyInstance) {
  const invalidCode = royaltyCode;

  defineRoute(
    app,
    '/nft/collection/register',
    async ({ body, member }) => ({
      returnCode: ReturnCode.Success,
      data: { collectionIdx: await registerCollection(app, member, body) },
    }),
    { invalidCode },
  );

  defineRoute(
    app,
    '/nft/collection/update',
    async ({ body, member }) => {
      await updateCollection(app, member, body);
      return { returnCode: ReturnCode.Success };
    },
    { invalidCode },
  );

  defineRoute(app, '/nft/collection/delete', async ({ body, member }) => {
    await deleteCollection(app, member, body.collectionIdx);
    return { returnCode: ReturnCode.Success };
  });

  defineRoute(app, '/nft/collection/info', async ({ body }) => {
    const c = await app.repos.collections.findById(body.collectionIdx);
    if (!c) throw new AppError(ReturnCode.CollectionNotFound);
    return { returnCode: ReturnCode.Success, data: toCollection(c) };
  });

  defineRoute(app, '/nft/collection/list/mine', async ({ body, member }) => {
    const { list, total } = await app.repos.collections.listMine(member.memberIdx, body);
    return {
      returnCode: ReturnCode.Success,
      list: list.map(toCollection),
      page: pageOf(total, body.pageNo, body.pageSize),
    };
  });

  defineRoute(app, '/nft/collection/userPage/list', async ({ body }) => {
    const m = await app.repos.members.findPublicByName(body.memberId.trim());
    if (!m) throw new AppError(ReturnCode.MemberNotFound);
    // Offers (1) and likes (2) arrive with their issues: no collections until then.
    if (body.type !== 0) return { returnCode: ReturnCode.Success, list: [] };
    const list = await app.repos.collections.entries({
      searchText: body.searchText,
      limit: PAGE_SIZE_CAPS.collectionFilter,
      member: { memberIdx: m.memberIdx, address: m.address },
    });
    return { returnCode: ReturnCode.Success, list };
  });

  defineRoute(app, '/nft/collection/marketplace/list', async ({ body }) => {
    const list = await app.repos.collections.entries({
      searchText: body.searchText,
      limit: PAGE_SIZE_CAPS.collectionFilter,
    });
    return { returnCode: ReturnCode.Success, list };
  });
}

