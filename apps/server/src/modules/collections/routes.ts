/** Collections: register, update, delete, info, own list, profile and marketplace filter lists. */
import { PAGE_SIZE_CAPS, ReturnCode, bpsToPercent, type Collection, type CollectionStats, pageOf } from '@att/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/http/app-error';
import { defineRoute } from '../../platform/http/define-route';
import type { CollectionRow } from './collections-repository';
import { deleteCollection } from './delete-collection';
import { registerCollection } from './register-collection';
import { updateCollection } from './update-collection';
import { membersRepo } from '../accounts';
import { catalogRepo } from '../catalog';
import { collectionStats } from './collection-stats';
import { collectionsRepo } from './collections-repository';

/** Royalty 0-10 %: over 10 -> 272, otherwise malformed -> 252 (a missing field stays 6). */
function royaltyCode(issues: readonly { path: readonly PropertyKey[]; code: string }[]) {
  const royalty = issues.find((i) => i.path[0] === 'royalty');
  if (!royalty) return undefined;
  return royalty.code === 'too_big' ? ReturnCode.RoyaltyTooBig : ReturnCode.RoyaltyWronglySet;
}

/** The collection as the API shows it, with its figures (collectionStats) when given. */
export function toCollection(c: CollectionRow, stats?: CollectionStats): Collection {
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
    itemCount: stats?.itemCount ?? c.itemCount,
    ownerCount: stats?.ownerCount ?? c.ownerCount,
    floorPrice: stats?.floor.ATT ?? null,
    volumeTrade: stats?.volume.ATT ?? '0',
    createDate: c.createdAt.toISOString(),
    ...(stats ? { stats } : {}),
  };
}

/** The collections with their figures. */
async function withStats(app: FastifyInstance, rows: readonly CollectionRow[]): Promise<Collection[]> {
  const stats = await collectionStats(
    app.db,
    rows.map((c) => c.collectionIdx),
    await catalogRepo(app.db).tokenPrices(),
  );
  return rows.map((c) => toCollection(c, stats.get(c.collectionIdx)));
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
    const c = await collectionsRepo(app.db).findById(body.collectionIdx);
    if (!c) throw new AppError(ReturnCode.CollectionNotFound);
    const [data] = await withStats(app, [c]);
    return { returnCode: ReturnCode.Success, data };
  });

  defineRoute(app, '/nft/collection/list/mine', async ({ body, member }) => {
    const { list, total } = await collectionsRepo(app.db).listMine(member.memberIdx, body);
    return {
      returnCode: ReturnCode.Success,
      list: await withStats(app, list),
      page: pageOf(total, body.pageNo, body.pageSize),
    };
  });

  defineRoute(app, '/nft/collection/userPage/list', async ({ body }) => {
    // The profile's member: by name, or a former member by address (their profile goes by address).
    const m = await membersRepo(app.db).findProfileMember(body.memberId.trim());
    if (!m) throw new AppError(ReturnCode.MemberNotFound);
    // Offers (1) and likes (2) arrive with their issues: no collections until then.
    if (body.type !== 0) return { returnCode: ReturnCode.Success, list: [] };
    const list = await collectionsRepo(app.db).entries({
      searchText: body.searchText,
      limit: PAGE_SIZE_CAPS.collectionFilter,
      member: { memberIdx: m.memberIdx, address: m.address },
    });
    return { returnCode: ReturnCode.Success, list };
  });

  defineRoute(app, '/nft/collection/marketplace/list', async ({ body }) => {
    const list = await collectionsRepo(app.db).entries({
      searchText: body.searchText,
      limit: PAGE_SIZE_CAPS.collectionFilter,
    });
    return { returnCode: ReturnCode.Success, list };
  });
}
