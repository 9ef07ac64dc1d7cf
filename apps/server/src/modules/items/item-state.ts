/** An item's rule state: who holds how many pieces (and how many are listed or reserved), whether it traded or minted. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';

export interface Holder {
  address: string;
  amount: number;
  onSale: number;
  reserved: number;
}

export interface ItemState {
  itemIdx: number;
  collectionIdx: number;
  creatorIdx: number;
  creatorAddress: string;
  totalSupply: number;
  resourceType: number;
  thumbnailFile: string | null;
  flagMint: number;
  tradeCount: number;
  lastPrice: string | null;
  holders: Holder[];
}

/** The item's rule state; `lock` takes its row lock (inside a transaction). Undefined when deleted or missing. */
export async function readState(db: Kysely<Database>, itemIdx: number, lock: boolean): Promise<ItemState | undefined> {
  const q = db
    .selectFrom('items as i')
    .innerJoin('members as m', 'm.member_idx', 'i.creator_idx')
    .select([
      'i.item_idx as itemIdx',
      'i.collection_idx as collectionIdx',
      'i.creator_idx as creatorIdx',
      'm.address as creatorAddress',
      'i.total_supply as totalSupply',
      'i.resource_type as resourceType',
      'i.thumbnail_file as thumbnailFile',
      'i.flag_mint as flagMint',
      'i.trade_count as tradeCount',
      sql<string | null>`i.last_price::text`.as('lastPrice'),
    ])
    .where('i.item_idx', '=', itemIdx)
    .where('i.deleted_at', 'is', null);
  const item = await (lock ? q.forUpdate('i') : q).executeTakeFirst();
  if (!item) return undefined;
  const holders = await db
    .selectFrom('inventory')
    .select(['holder_address as address', 'amount', 'on_sale as onSale', 'reserved'])
    .where('item_idx', '=', itemIdx)
    .where('amount', '>', 0)
    .execute();
  return { ...item, holders };
}
