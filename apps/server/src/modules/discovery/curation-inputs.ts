/** What the console sends for home curation: a section, an entry, a tip card, and which fields each entry type takes. */

export interface SectionInput {
  curationIdx?: number;
  curationType: number;
  name: string;
  nameEn: string;
  visible: 0 | 1;
}

export interface EntryInput {
  curationIdx: number;
  productIdx?: number;
  categoryIdx?: number;
  title?: string;
  detail?: string;
  titleEn?: string;
  detailEn?: string;
  connectUrl?: string;
  fileName?: string | null;
}

export interface TipInput {
  entryIdx: number;
  title: string;
  detail: string;
  titleEn?: string;
  detailEn?: string;
  connectUrl: string;
}

/** Which fields an entry of each hand-picked type takes. */
export function entryKind(type: number, e: EntryInput): 'item' | 'category' | 'tip' | null {
  const hasTip =
    e.title !== undefined ||
    e.detail !== undefined ||
    e.titleEn !== undefined ||
    e.detailEn !== undefined ||
    e.connectUrl !== undefined ||
    Boolean(e.fileName);
  if (type === 0 && e.productIdx !== undefined && e.categoryIdx === undefined && !hasTip) return 'item';
  if (type === 2 && e.categoryIdx !== undefined && e.productIdx === undefined && !hasTip) return 'category';
  // A tip's English pair is both or neither.
  if (
    type === 5 &&
    e.productIdx === undefined &&
    e.categoryIdx === undefined &&
    e.title &&
    e.detail &&
    e.connectUrl &&
    !e.titleEn === !e.detailEn
  )
    return 'tip';
  return null;
}
