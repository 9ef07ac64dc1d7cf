/** The console's tip form (home curation type 5): Korean title and text, an optional English pair, a link. */
export interface TipDraft {
  title: string;
  detail: string;
  titleEn: string;
  detailEn: string;
  connectUrl: string;
}

export const emptyTip: TipDraft = { title: '', detail: '', titleEn: '', detailEn: '', connectUrl: '' };

/** The English pair is both or neither: once one half is typed, the other is required. */
export const englishStarted = (d: TipDraft) => Boolean(d.titleEn.trim() || d.detailEn.trim());

/** The add request's tip fields: trimmed, the English pair left out when both halves are empty. */
export function tipEntryBody(d: TipDraft) {
  const body = { title: d.title.trim(), detail: d.detail.trim(), connectUrl: d.connectUrl.trim() };
  return englishStarted(d) ? { ...body, titleEn: d.titleEn.trim(), detailEn: d.detailEn.trim() } : body;
}
