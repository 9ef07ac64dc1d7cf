/**
 * The console's side of home curation. Every write runs in one transaction with its
 * audit-log row (before and after). Writes return rows or a small reason string; the route picks the code.
 */
import { CURATION_ENTRIES_MAX, type AdminCurationEntry, type AdminCurationSection } from '@att/shared';
import { sql, type Selectable, type Transaction } from 'kysely';
import type { Database, Db } from '../schema';
import { markUploadUsed } from '../catalog';
import { audit, plain, type Operator, type Page } from '../console';
import { paginate, whereContains } from '../../platform/db/paginate';
import { entryKind, type EntryInput, type SectionInput, type TipInput } from './curation-inputs';

/** A section as the console lists it, with its entries. */
function sectionOut(r: Selectable<Database['curation_sections']>, entries: AdminCurationEntry[]): AdminCurationSection {
  return {
    curationIdx: r.curation_idx,
    curationType: r.curation_type,
    name: r.name_ko,
    nameEn: r.name_en,
    sortOrder: r.sort_order,
    visible: r.visible ? 1 : 0,
    entries,
    updateDate: r.updated_at.toISOString(),
  };
}

/** A section changed (its order, or an entry): its `updated_at` moves and the change is audited with it as target. */
async function sectionChanged(
  trx: Transaction<Database>,
  op: Operator,
  now: Date,
  curationIdx: number,
  change: { action: string; before: unknown; after: unknown },
): Promise<void> {
  await trx.updateTable('curation_sections').set({ updated_at: now }).where('curation_idx', '=', curationIdx).execute();
  await audit(trx, op, { ...change, targetType: 'curation', targetIdx: curationIdx }, now);
}

export function createCurationConsole(db: Db) {
  async function entriesOf(sectionIdxs: number[]): Promise<Map<number, AdminCurationEntry[]>> {
    const map = new Map<number, AdminCurationEntry[]>();
    if (sectionIdxs.length === 0) return map;
    const rows = await db
      .selectFrom('curation_entries as e')
      .leftJoin('items as i', 'i.item_idx', 'e.item_idx')
      .leftJoin('categories as k', 'k.category_idx', 'e.category_idx')
      .select([
        'e.curation_idx as curationIdx',
        'e.entry_idx as entryIdx',
        'e.sort_order as sortOrder',
        'e.item_idx as productIdx',
        'e.category_idx as categoryIdx',
        'e.title',
        'e.detail',
        'e.title_en as titleEn',
        'e.detail_en as detailEn',
        'e.connect_url as connectUrl',
        'e.file_name as fileName',
        sql<string>`coalesce(i.name, k.name_ko, e.title, '')`.as('label'),
      ])
      .where('e.curation_idx', 'in', sectionIdxs)
      .orderBy('e.curation_idx')
      .orderBy('e.sort_order')
      .orderBy('e.entry_idx')
      .execute();
    for (const { curationIdx, ...entry } of rows) {
      const list = map.get(curationIdx) ?? [];
      list.push(entry);
      map.set(curationIdx, list);
    }
    return map;
  }

  return {
    async listSections(p: Page): Promise<{ rows: AdminCurationSection[]; total: number }> {
      let q = db.selectFrom('curation_sections');
      q = whereContains(q, p.searchText, ['name_ko', 'name_en']);
      const { rows, total } = await paginate(
        q,
        p,
        (q) => q.selectAll().orderBy('sort_order').orderBy('curation_idx'),
        (r) => r,
      );
      const entries = await entriesOf(rows.map((r) => r.curation_idx));
      return { total, rows: rows.map((r) => sectionOut(r, entries.get(r.curation_idx) ?? [])) };
    },

    /** null: no such section; 'typeChange': a section keeps its type (its entries depend on it). */
    async saveSection(op: Operator, input: SectionInput, now: Date): Promise<number | null | 'typeChange'> {
      return db.transaction().execute(async (trx) => {
        const values = { name_ko: input.name, name_en: input.nameEn, visible: input.visible, updated_at: now };
        if (input.curationIdx === undefined) {
          // New sections go last; one writer at a time so two new sections never share a place.
          await sql`LOCK TABLE curation_sections IN SHARE ROW EXCLUSIVE MODE`.execute(trx);
          const { next } = await trx
            .selectFrom('curation_sections')
            .select(sql<number>`coalesce(max(sort_order), 0) + 1`.as('next'))
            .executeTakeFirstOrThrow();
          const row = await trx
            .insertInto('curation_sections')
            .values({ ...values, curation_type: input.curationType, sort_order: Number(next), created_at: now })
            .returningAll()
            .executeTakeFirstOrThrow();
          await audit(
            trx,
            op,
            {
              action: 'curation.create',
              targetType: 'curation',
              targetIdx: row.curation_idx,
              before: null,
              after: plain(row),
            },
            now,
          );
          return row.curation_idx;
        }
        const before = await trx
          .selectFrom('curation_sections')
          .selectAll()
          .where('curation_idx', '=', input.curationIdx)
          .forUpdate()
          .executeTakeFirst();
        if (!before) return null;
        if (before.curation_type !== input.curationType) return 'typeChange';
        const after = await trx
          .updateTable('curation_sections')
          .set(values)
          .where('curation_idx', '=', input.curationIdx)
          .returningAll()
          .executeTakeFirstOrThrow();
        await audit(
          trx,
          op,
          {
            action: 'curation.update',
            targetType: 'curation',
            targetIdx: after.curation_idx,
            before: plain(before),
            after: plain(after),
          },
          now,
        );
        return after.curation_idx;
      });
    },

    /** Swaps a section with its neighbour. null: no such section; 'edge': already first or last. */
    async moveSection(
      op: Operator,
      curationIdx: number,
      direction: -1 | 1,
      now: Date,
    ): Promise<'done' | null | 'edge'> {
      return db.transaction().execute(async (trx) => {
        await sql`LOCK TABLE curation_sections IN SHARE ROW EXCLUSIVE MODE`.execute(trx);
        const order = await trx
          .selectFrom('curation_sections')
          .select(['curation_idx', 'sort_order'])
          .orderBy('sort_order')
          .orderBy('curation_idx')
          .execute();
        const at = order.findIndex((r) => r.curation_idx === curationIdx);
        if (at < 0) return null;
        const other = order[at + direction];
        if (!other) return 'edge';
        const before = order.map((r) => r.curation_idx);
        // Renumber 1..n with the two swapped, so equal sort orders never make the swap a no-op.
        const after = [...before];
        [after[at], after[at + direction]] = [after[at + direction]!, after[at]!];
        for (const [i, idx] of after.entries()) {
          await trx
            .updateTable('curation_sections')
            .set({ sort_order: i + 1 })
            .where('curation_idx', '=', idx)
            .execute();
        }
        await sectionChanged(trx, op, now, curationIdx, {
          action: 'curation.move',
          before: { order: before },
          after: { order: after },
        });
        return 'done';
      });
    },

    /**
     * Adds an entry at the end of a hand-picked section. null: no such section; 'wrongKind': the fields do not fit
     * the section's type (or it is computed); 'noTarget': no such item, category or uploaded image; 'full';
     * 'exists': the item or category is already there.
     */
    async addEntry(
      op: Operator,
      input: EntryInput,
      now: Date,
    ): Promise<number | null | 'wrongKind' | 'noTarget' | 'full' | 'exists'> {
      return db.transaction().execute(async (trx) => {
        const section = await trx
          .selectFrom('curation_sections')
          .selectAll()
          .where('curation_idx', '=', input.curationIdx)
          .forUpdate()
          .executeTakeFirst();
        if (!section) return null;
        const kind = entryKind(section.curation_type, input);
        if (!kind) return 'wrongKind';
        if (kind === 'item') {
          const item = await trx
            .selectFrom('items')
            .select('item_idx')
            .where('item_idx', '=', input.productIdx!)
            .where('deleted_at', 'is', null)
            .executeTakeFirst();
          if (!item) return 'noTarget';
        }
        if (kind === 'category') {
          const category = await trx
            .selectFrom('categories')
            .select('category_idx')
            .where('category_idx', '=', input.categoryIdx!)
            .executeTakeFirst();
          if (!category) return 'noTarget';
        }
        if (kind === 'tip' && input.fileName) {
          // A tip image is an image the operator uploaded (the collection "featured" upload: checked by content).
          if (!(await markUploadUsed(trx, op.memberIdx, 'featured', input.fileName, now))) return 'noTarget';
        }
        const existing = await trx
          .selectFrom('curation_entries')
          .select(['item_idx', 'category_idx', sql<number>`sort_order`.as('sortOrder')])
          .where('curation_idx', '=', section.curation_idx)
          .execute();
        if (existing.length >= CURATION_ENTRIES_MAX) return 'full';
        if (kind === 'item' && existing.some((e) => e.item_idx === input.productIdx)) return 'exists';
        if (kind === 'category' && existing.some((e) => e.category_idx === input.categoryIdx)) return 'exists';
        const row = await trx
          .insertInto('curation_entries')
          .values({
            curation_idx: section.curation_idx,
            sort_order: Math.max(0, ...existing.map((e) => e.sortOrder)) + 1,
            item_idx: kind === 'item' ? input.productIdx! : null,
            category_idx: kind === 'category' ? input.categoryIdx! : null,
            title: kind === 'tip' ? input.title! : null,
            detail: kind === 'tip' ? input.detail! : null,
            title_en: kind === 'tip' ? (input.titleEn ?? null) : null,
            detail_en: kind === 'tip' ? (input.detailEn ?? null) : null,
            connect_url: kind === 'tip' ? input.connectUrl! : null,
            file_name: kind === 'tip' ? (input.fileName ?? null) : null,
            created_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await sectionChanged(trx, op, now, section.curation_idx, {
          action: 'curation.entry.add',
          before: null,
          after: plain(row),
        });
        return row.entry_idx;
      });
    },

    /** Rewrites a tip's texts and link. null: no such entry; 'notTip': the entry is an item or a category. */
    async updateTip(op: Operator, input: TipInput, now: Date): Promise<'done' | null | 'notTip'> {
      return db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('curation_entries')
          .selectAll()
          .where('entry_idx', '=', input.entryIdx)
          .forUpdate()
          .executeTakeFirst();
        if (!before) return null;
        if (before.connect_url === null) return 'notTip';
        const after = await trx
          .updateTable('curation_entries')
          .set({
            title: input.title,
            detail: input.detail,
            title_en: input.titleEn ?? null,
            detail_en: input.detailEn ?? null,
            connect_url: input.connectUrl,
          })
          .where('entry_idx', '=', input.entryIdx)
          .returningAll()
          .executeTakeFirstOrThrow();
        await sectionChanged(trx, op, now, before.curation_idx, {
          action: 'curation.entry.update',
          before: plain(before),
          after: plain(after),
        });
        return 'done';
      });
    },

    /** false: no such entry. */
    async removeEntry(op: Operator, entryIdx: number, now: Date): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .deleteFrom('curation_entries')
          .where('entry_idx', '=', entryIdx)
          .returningAll()
          .executeTakeFirst();
        if (!row) return false;
        await sectionChanged(trx, op, now, row.curation_idx, {
          action: 'curation.entry.remove',
          before: plain(row),
          after: null,
        });
        return true;
      });
    },
  };
}
