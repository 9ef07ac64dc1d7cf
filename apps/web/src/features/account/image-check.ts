/**
 * Profile and banner images: gif, jpg or png, checked by content (magic bytes), at most 2 MB.
 */
import { IMAGE_MAX_BYTES, IMAGE_MAX_MB } from '@att/shared';
import { fileHead } from '../../lib/file-head';
import type { FileProblem } from '../../lib/file-problem';

export { mbLabel } from '../../lib/file-problem';

export type ImageKind = 'jpg' | 'png' | 'gif';
export type ImageError = FileProblem;

/** The image format from the first bytes, or null. */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  const b = (i: number) => bytes[i] ?? -1;
  if (b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return 'jpg';
  if (
    b(0) === 0x89 &&
    b(1) === 0x50 &&
    b(2) === 0x4e &&
    b(3) === 0x47 &&
    b(4) === 0x0d &&
    b(5) === 0x0a &&
    b(6) === 0x1a &&
    b(7) === 0x0a
  )
    return 'png';
  if (
    b(0) === 0x47 &&
    b(1) === 0x49 &&
    b(2) === 0x46 &&
    b(3) === 0x38 &&
    (b(4) === 0x37 || b(4) === 0x39) &&
    b(5) === 0x61
  )
    return 'gif';
  return null;
}

/**
 * The enforced image limit (the server refuses anything larger) as guides and messages say it ("2MB"): every size
 * text interpolates this, so no text restates a limit.
 */
export const IMAGE_MAX_LABEL = `${IMAGE_MAX_MB}MB`;

/** Checks format by content first, then size. */
export async function checkImageFile(file: Blob, maxBytes = IMAGE_MAX_BYTES): Promise<ImageError | null> {
  const kind = sniffImage(await fileHead(file, 16));
  if (!kind) return 'format';
  if (file.size > maxBytes) return 'size';
  return null;
}
