/**
 * A collection's item grids (spec 2 collection page, spec 3 "other items" slider): /nft/info/list,
 * /nft/info/collection/Item, /nft/info/collection/hideItem (the owner's hidden items) and
 * /nft/info/collection/otherItem, on the shared item grid; and the collection's trait types with their counts
 * (/nft/info/collection/traits), the trait filter's choices.
 */
import { ItemOrder, ReturnCode, type CollectionTraitType } from '@att/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/http/app-error';
import type { AuthedMember } from '../../platform/http/auth';
import { defineRoute } from '../../platform/http/define-route';
import { collectionsRepo } from '../collections';
import { itemTraitsRepo, itemsRepo } from '../items';
import { itemGrid, type FilterBody } from './item-list-routes';
import { LIST_ORDER_KEYS } from './item-query';

export default async function collectionGridRoutes(app: FastifyInstance) {
  const { cards } = itemGrid(app);
  async function list(collectionIdx: number, hidden: 0 | 1, body: FilterBody, viewer: AuthedMember | undefined) {
    const { list: rows, page } = await cards(
      body,
      { kind: 'collection', collectionIdx, hidden },
      LIST_ORDER_KEYS,
      viewer,
    );
    return { returnCode: ReturnCode.Success, list: rows, page };
  }

  async function liveCollection(collectionIdx: number) {
    const c = await collectionsRepo(app.db).findById(collectionIdx);
    if (!c) throw new AppError(ReturnCode.CollectionNotFound);
    return c;
  }

  defineRoute(app, '/nft/info/list', async ({ body, member }) => {
    await liveCollection(body.collectionIdx);
    return list(body.collectionIdx, 0, body, member);
  });

  defineRoute(app, '/nft/info/collection/Item', async ({ body, member }) => {
    await liveCollection(body.collectionIdx);
    return list(body.collectionIdx, 0, body, member);
  });

  defineRoute(app, '/nft/info/collection/hideItem', async ({ body, member }) => {
    const c = await liveCollection(body.collectionIdx);
    if (c.memberIdx !== member.memberIdx) throw new AppError(ReturnCode.NotCollectionOwner);
    return list(body.collectionIdx, 1, body, member);
  });

  defineRoute(app, '/nft/info/collection/traits', async ({ body }) => {
    await liveCollection(body.collectionIdx);
    const traits = itemTraitsRepo(app.db);
    const [rows, itemCount] = await Promise.all([
      traits.collectionTraits(body.collectionIdx),
      traits.shownItemCount(body.collectionIdx),
    ]);
    const list: CollectionTraitType[] = [];
    for (const r of rows) {
      if (list.at(-1)?.traitType !== r.traitType) list.push({ traitType: r.traitType, values: [] });
      list.at(-1)!.values.push({ value: r.value, count: r.count });
    }
    return { returnCode: ReturnCode.Success, list, itemCount };
  });

  defineRoute(app, '/nft/info/collection/otherItem', async ({ body, member }) => {
    const item = await itemsRepo(app.db).find(body.productIdx);
    if (!item) throw new AppError(ReturnCode.ProductNotFound);
    // One more than asked: the item itself may be among the newest.
    const { list } = await cards(
      { orderType: ItemOrder.Newest, pageNo: 1, pageSize: body.pageSize + 1 },
      { kind: 'collection', collectionIdx: item.collectionIdx, hidden: 0 },
      LIST_ORDER_KEYS,
      member,
    );
    return {
      returnCode: ReturnCode.Success,
      list: list.filter((c) => c.productId !== body.productIdx).slice(0, body.pageSize),
    };
  });
}
