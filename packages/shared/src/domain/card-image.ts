/**
 * Card images: item cards and sliders show a 400 px wide WebP made once at upload (server: services/card-image),
 * stored beside the original as `{folder}/w400/{stem}.webp`; the item page keeps the original.
 *
 * Made for raster stills only (jpg, png). A GIF keeps its original (a still would stop its animation, and
 * resizing every frame at upload costs far more than it saves for the small GIFs the 10 MB limit allows in
 * practice); an SVG keeps its original (vector: already small and sharp at any size); video and audio show
 * their thumbnail, which gets a card image itself when it is a jpg or png.
 */
export const CARD_IMAGE_WIDTH = 400;
export const CARD_IMAGE_MIME = 'image/webp';
const CARD_IMAGE_DIR = `w${CARD_IMAGE_WIDTH}`;
const SOURCE = /^([A-Za-z0-9_-]+)\.(jpg|png)$/;

/** Whether a stored file (`<stem>.<ext>`) gets a card image. */
export function hasCardImage(fileName: string): boolean {
  return SOURCE.test(fileName);
}

/** The card image's path relative to the original's folder (`w400/<stem>.webp`), or null when it has none. */
export function cardImageName(fileName: string): string | null {
  const m = SOURCE.exec(fileName);
  return m ? `${CARD_IMAGE_DIR}/${m[1]}.webp` : null;
}
