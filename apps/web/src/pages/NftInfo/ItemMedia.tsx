/** The item's media by resource type (spec 3): an image (1), or a video (mp4, webm) or audio (mp3, wav, ogg) (2). */
import { ResourceType } from '@att/shared';
import type { ItemDetail } from '@att/shared';
import { useTranslation } from 'react-i18next';
import { MediaPreview } from '../../features/items/MediaPreview';
import { useCdn } from '../../lib/config';

const AUDIO = new Set(['mp3', 'wav', 'ogg']);
/** The media box's intrinsic size (square; CSS scales it to the column). */
const MEDIA_BOX = 640;

export function ItemMedia({ item }: { item: ItemDetail }) {
  const { t } = useTranslation('item');
  const cdn = useCdn();
  const kind = item.resourceType === ResourceType.Image ? 'image' : AUDIO.has(item.fileFormat) ? 'audio' : 'video';
  const url = cdn('resource', item.fileName) ?? '';
  const thumb = cdn('thumbnail', item.thumbnailFileName);
  return (
    <div className="item-page-media">
      {kind === 'audio' && thumb && <img src={thumb} alt="" width={MEDIA_BOX} height={MEDIA_BOX} />}
      {kind === 'video' ? (
        <video src={url} poster={thumb ?? undefined} controls playsInline preload="metadata" data-testid="item-media" />
      ) : kind === 'image' ? (
        <span data-testid="item-media">
          {/* The page's largest paint: fetched first, in a square box reserved before it arrives (catalog.css). */}
          <img src={url} alt="" width={MEDIA_BOX} height={MEDIA_BOX} fetchPriority="high" />
        </span>
      ) : (
        <span data-testid="item-media">
          <MediaPreview url={url} kind={kind} label={t('form.audioFile')} />
        </span>
      )}
    </div>
  );
}
