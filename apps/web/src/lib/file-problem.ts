/** What is wrong with a chosen file (an image, an item's media): not a format taken, or over the size limit. */
export type FileProblem = 'format' | 'size';

/** "10MB" for a byte limit in whole MiB: catalogue texts interpolate the enforced limit, never restate it. */
export const mbLabel = (bytes: number) => `${Math.round(bytes / (1024 * 1024))}MB`;

/**
 * The one mapping of a file problem to its text (items, collections, profile images): each screen gives its own
 * catalogue texts; the size text gets the enforced limit.
 */
export function fileProblemText(
  problem: FileProblem | null | undefined,
  maxBytes: number,
  text: { format: () => string; size: (max: string) => string },
): string | null {
  if (problem === 'format') return text.format();
  if (problem === 'size') return text.size(mbLabel(maxBytes));
  return null;
}
