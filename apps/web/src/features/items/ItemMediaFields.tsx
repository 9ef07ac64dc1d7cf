import { ACCEPT, type ItemDetail, ITEM_RESOURCE_MAX_BYTES, THUMBNAIL_MAX_BYTES } from '@att/shared';
import { useTranslation } from 'react-i18next';
import { FileField } from '../../components/ui/FileField';
import { useCdn } from '../../lib/config';
import { type FileProblem, fileProblemText, mbLabel } from '../../lib/file-problem';
import type { ItemField } from './item-validation';
import { checkResource, checkThumbnail, type MediaKind } from './media-check';
import { MediaPreview } from './MediaPreview';

export interface ItemMediaFieldsProps {
  item?: ItemDetail;
  resource: { file: File; kind: MediaKind } | null;
  /** A resource that passed the content check. */
  onResource: (r: { file: File; kind: MediaKind }) => void;
  thumbnail: File | null;
  onThumbnail: (f: File | null) => void;
  resourceKind: MediaKind | null;
  errorOf: (field: ItemField) => string | null;
  step: { step: 'resource' | 'thumbnail' | 'register'; percent: number } | null;
}

/** The item's file (image, video or audio, checked by content) and, for video and audio, its thumbnail. */
export function ItemMediaFields({
  item,
  resource,
  onResource,
  thumbnail,
  onThumbnail,
  resourceKind,
  errorOf,
  step,
}: ItemMediaFieldsProps) {
  const { t } = useTranslation('item');
  const cdn = useCdn();
  const fileError = (kind: 'resource' | 'thumbnail') => (error: FileProblem) =>
    fileProblemText(error, kind === 'resource' ? ITEM_RESOURCE_MAX_BYTES : THUMBNAIL_MAX_BYTES, {
      format: () => t('errors.fileFormat'),
      size: (max) => t(kind === 'resource' ? 'errors.resourceSize' : 'errors.thumbnailSize', { max }),
    });

  const storedResource = item && !resource ? cdn('resource', item.fileName) : null;
  const storedThumb = item ? cdn('thumbnail', item.thumbnailFileName) : null;
  return (
    <div className="item-form-media">
      <div data-field="resource">
        <FileField
          label={t('form.resource')}
          guide={t('form.resourceGuide', { max: mbLabel(ITEM_RESOURCE_MAX_BYTES) })}
          required
          accept={ACCEPT.resource}
          file={resource?.file ?? null}
          onChange={() => undefined}
          check={async (f) => {
            const r = await checkResource(f);
            if (!r.ok) return fileError('resource')(r.error);
            onResource({ file: f, kind: r.kind });
            return null;
          }}
          currentUrl={storedResource}
          error={errorOf('resource')}
          progress={step?.step === 'resource' ? step.percent : null}
          progressLabel={(percent) => t('form.uploadingResource', { percent })}
          chooseLabel={resource || item ? t('form.resourceChange') : t('form.resourceChoose')}
          emptyLabel={t('form.noPreview')}
          shape="media"
          testId="item-resource-input"
          renderPreview={(url) => <MediaPreview url={url} kind={resourceKind ?? 'image'} label={t('form.audioFile')} />}
        />
      </div>
      {resourceKind && resourceKind !== 'image' && (
        <div data-field="thumbnail">
          <FileField
            label={t('form.thumbnail')}
            guide={t('form.thumbnailGuide', { max: mbLabel(THUMBNAIL_MAX_BYTES) })}
            required
            accept={ACCEPT.thumbnail}
            file={thumbnail}
            onChange={onThumbnail}
            check={async (f) => {
              const r = await checkThumbnail(f);
              return r.ok ? null : fileError('thumbnail')(r.error);
            }}
            currentUrl={storedThumb}
            error={errorOf('thumbnail')}
            progress={step?.step === 'thumbnail' ? step.percent : null}
            progressLabel={(percent) => t('form.uploadingThumbnail', { percent })}
            chooseLabel={t('form.thumbnailChoose')}
            emptyLabel={t('form.noPreview')}
            testId="item-thumbnail-input"
          />
        </div>
      )}
    </div>
  );
}
