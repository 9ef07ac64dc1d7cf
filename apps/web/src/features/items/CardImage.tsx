import { cardImageName, type UploadKind } from '@att/shared';
import { useState } from 'react';
import { useCdn } from '../../lib/config';

/** The card image's size hint (the server's WebP is 400 px wide); the card's CSS box is square, the image covers it. */
const CARD_IMAGE_PX = 400;

/**
 * An item file as a card or slider shows it: the 400 px WebP the server made at upload (jpg and png), else the
 * original (GIF animations and SVGs keep theirs). A file uploaded before card images existed has none: the
 * image falls back to the original once the WebP fails to load. The item page shows the original.
 */
export function CardImage({
  kind,
  fileName,
}: {
  kind: Extract<UploadKind, 'resource' | 'thumbnail'>;
  fileName: string | null;
}) {
  const cdn = useCdn();
  const [failed, setFailed] = useState<string | null>(null);
  const original = cdn(kind, fileName);
  const cardName = fileName ? cardImageName(fileName) : null;
  const card = cardName && failed !== fileName ? cdn(kind, cardName) : null;
  if (!original) return <span className="item-card-placeholder" />;
  return (
    <img
      src={card ?? original}
      alt=""
      width={CARD_IMAGE_PX}
      height={CARD_IMAGE_PX}
      loading="lazy"
      decoding="async"
      onError={card ? () => setFailed(fileName) : undefined}
      data-card-image={card ? 'webp' : 'original'}
    />
  );
}
