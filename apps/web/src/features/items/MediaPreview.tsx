import type { MediaKind } from './media-check';

/** A preview of an item's file: the image, the video with controls, or an audio player with a note icon. */
export function MediaPreview({ url, kind, label }: { url: string; kind: MediaKind; label: string }) {
  if (kind === 'video') return <video src={url} muted playsInline controls preload="metadata" />;
  if (kind === 'audio')
    return (
      <span className="audio-preview">
        <span aria-hidden="true">🎵</span>
        <audio src={url} controls preload="none" aria-label={label} />
      </span>
    );
  return <img src={url} alt="" />;
}
