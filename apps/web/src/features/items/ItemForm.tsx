/**
 * Publish (/NftPublish) or edit (/NftModify/{productId}) an item (spec 2, sections 2, 4, 5).
 * Publish: resource (image/video/audio, by content, 100 MB) -> thumbnail (required for video/audio) -> register,
 * each upload with a real progress bar; success "아이템 등록 성공" -> /MyCollection.
 * Edit: the same form filled in, supply read-only; new files upload before the update; update -> /NftInfo/{id},
 * delete (confirm) -> /Collection/{collectionIdx}.
 * While a save runs, another submit shows the spec's busy message instead of sending again.
 */
import {
  ACCEPT,
  type ItemDetail,
  ITEM_DESC_MAX,
  ITEM_DESC_MAX_LINES,
  ITEM_NAME_MAX,
  ITEM_RESOURCE_MAX_BYTES,
  lineCount,
  PAGE_SIZES,
  THUMBNAIL_MAX_BYTES,
  UNLOCKED_CONTENT_MAX,
} from '@att/shared';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FileField } from '../../components/ui/FileField';
import { api } from '../../lib/api';
import { useCategories, useCdn } from '../../lib/config';
import { charCount, digitsOnly, withThousands } from '../../lib/digits';
import { uploadFile } from '../../lib/upload';
import { refreshCollections, useMyCollections } from '../collections/collection-queries';
import { mbLabel } from '../account/image-check';
import { FieldError } from '../collections/CollectionForm';
import { popups } from '../popups/popup-store';
import { ensureOk, useApiMutation } from '../popups/useApiMutation';
import { type ItemField, itemFormError } from './item-validation';
import { checkResource, checkThumbnail, type MediaKind } from './media-check';

type Auth = { id: string; ticket: string };
type Step = 'resource' | 'thumbnail' | 'register';

const AUDIO = new Set(['mp3', 'wav', 'ogg']);
const storedKind = (d: ItemDetail): MediaKind => (d.resourceType === 1 ? 'image' : AUDIO.has(d.fileFormat) ? 'audio' : 'video');

export function ItemForm({
  auth,
  item,
  unlocked,
  defaultCollectionIdx,
}: {
  auth: Auth;
  item?: ItemDetail;
  unlocked?: string;
  /** Preselected collection on publish (from the collection page's publish link). */
  defaultCollectionIdx?: number | null;
}) {
  const { t, i18n } = useTranslation('item');
  const navigate = useNavigate();
  const cdn = useCdn();
  const categories = useCategories();
  const collections = useMyCollections(PAGE_SIZES.collectionsInForms);
  const ids = { name: useId(), desc: useId(), category: useId(), collection: useId(), quantity: useId(), unlock: useId() };

  const [resource, setResource] = useState<{ file: File; kind: MediaKind } | null>(null);
  const [thumbnail, setThumbnail] = useState<File | null>(null);
  const [name, setName] = useState(item?.name ?? '');
  const [description, setDescription] = useState(item?.description ?? '');
  const [category, setCategory] = useState(item?.category ?? -1);
  const [collectionIdx, setCollectionIdx] = useState(item?.collectionIdx ?? defaultCollectionIdx ?? -1);
  const [quantity, setQuantity] = useState(item ? String(item.totalItemCount) : '1');
  const [unlockableOn, setUnlockableOn] = useState(item ? item.isExistUnlockedContent === 1 : false);
  const [unlockable, setUnlockable] = useState(unlocked ?? '');
  const [shownError, setShownError] = useState<{ field: ItemField; code: string } | null>(null);
  const [step, setStep] = useState<{ step: Step; percent: number } | null>(null);

  const resourceKind = resource?.kind ?? (item ? storedKind(item) : null);
  const hasThumbnail = Boolean(thumbnail) || Boolean(item?.thumbnailFileName);

  const upload = async (kind: 'resource' | 'thumbnail', file: File) => {
    setStep({ step: kind, percent: 0 });
    const r = ensureOk(await uploadFile({ kind, auth, file, onProgress: (percent) => setStep({ step: kind, percent }) }));
    return r.data!.fileName;
  };

  const save = useApiMutation(
    async () => {
      try {
        const fileName = resource ? await upload('resource', resource.file) : null;
        const thumb = thumbnail && resourceKind !== 'image' ? await upload('thumbnail', thumbnail) : null;
        setStep({ step: 'register', percent: 100 });
        const common = {
          id: auth.id,
          ticketId: auth.ticket,
          category,
          productName: name.trim(),
          productDesc: description,
          isExistUnlockedContent: unlockableOn ? 1 : 0,
          unlockedContent: unlockableOn ? unlockable : '',
          collectionIdx,
        } as const;
        if (item) {
          ensureOk(
            await api('/nft/update', {
              ...common,
              productId: item.productId,
              fileName,
              productThumbnailFileName: thumb,
              totalSupply: item.totalItemCount,
            }),
          );
          return item.productId;
        }
        const r = ensureOk(
          await api('/nft/register', {
            ...common,
            fileName: fileName!,
            thumbnailFileName: thumb,
            totalSupply: Number(quantity),
            flagFreezeMetadata: 0,
          }),
        );
        return r.data!.productId;
      } finally {
        setStep(null);
      }
    },
    {
      onSuccess: (productId) => {
        void refreshCollections();
        if (item) popups.ok(t('success.updated'), { onClose: () => navigate(`/NftInfo/${productId}`) });
        else popups.ok(t('success.created'), { onClose: () => navigate('/MyCollection') });
      },
    },
  );

  const remove = useApiMutation(
    async () => ensureOk(await api('/nft/delete', { id: auth.id, ticketId: auth.ticket, productId: item!.productId })).data!.collectionIdx,
    {
      onSuccess: (collection) => {
        void refreshCollections({ refetchActive: false });
        popups.ok(t('success.deleted'), { onClose: () => navigate(`/Collection/${collection}`) });
      },
    },
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    if (save.isInFlight() || remove.busy) {
      popups.ok(t(item ? 'busy.updating' : 'busy.creating'));
      return;
    }
    const problem = itemFormError({
      resourceKind,
      hasThumbnail,
      name,
      description,
      category,
      collectionIdx,
      quantity,
      unlockableOn,
      unlockable,
    });
    setShownError(problem);
    if (problem) {
      document
        .querySelector<HTMLElement>(`[data-field="${problem.field}"] input, [data-field="${problem.field}"] textarea, [data-field="${problem.field}"] select`)
        ?.focus();
      return;
    }
    save.run(undefined);
  }

  const errorOf = (field: ItemField) => (shownError?.field === field ? t(`errors.${shownError.code}` as 'errors.nameRequired') : null);
  const clearError = (field: ItemField) => setShownError((e) => (e?.field === field ? null : e));
  const fileError = (kind: 'resource' | 'thumbnail') => (error: 'format' | 'size') =>
    error === 'format' ? t('errors.fileFormat') : t(kind === 'resource' ? 'errors.resourceSize' : 'errors.thumbnailSize', {
          max: mbLabel(kind === 'resource' ? ITEM_RESOURCE_MAX_BYTES : THUMBNAIL_MAX_BYTES),
        });

  const storedResource = item && !resource ? cdn('resource', item.fileName) : null;
  const storedThumb = item ? cdn('thumbnail', item.thumbnailFileName) : null;
  const busy = save.busy || remove.busy;

  return (
    <form className="form item-form" onSubmit={submit} noValidate aria-busy={busy} data-testid="item-form">
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
              setResource({ file: f, kind: r.kind });
              clearError('resource');
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
              onChange={(f) => {
                setThumbnail(f);
                clearError('thumbnail');
              }}
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

      <Field id={ids.name} field="name" label={t('form.name')} required error={errorOf('name')}>
        <input
          id={ids.name}
          value={name}
          placeholder={t('form.namePlaceholder')}
          aria-required="true"
          aria-invalid={Boolean(errorOf('name'))}
          aria-describedby={`${ids.name}-count`}
          data-testid="item-name"
          onChange={(e) => setName(e.target.value)}
        />
        <p className={`counter ${charCount(name.trim()) > ITEM_NAME_MAX ? 'over' : ''}`} id={`${ids.name}-count`}>
          {t('form.counter', { count: charCount(name.trim()), max: ITEM_NAME_MAX })}
        </p>
      </Field>

      <Field id={ids.desc} field="description" label={t('form.description')} error={errorOf('description')}>
        <textarea
          id={ids.desc}
          rows={5}
          value={description}
          placeholder={t('form.descriptionPlaceholder')}
          aria-invalid={Boolean(errorOf('description'))}
          aria-describedby={`${ids.desc}-count`}
          data-testid="item-description"
          onChange={(e) => setDescription(e.target.value)}
        />
        <p
          className={`counter ${charCount(description) > ITEM_DESC_MAX || lineCount(description) > ITEM_DESC_MAX_LINES ? 'over' : ''}`}
          id={`${ids.desc}-count`}
        >
          {t('form.lines', { count: lineCount(description) })} · {t('form.counter', { count: charCount(description), max: ITEM_DESC_MAX })}
        </p>
      </Field>

      <div className="grid-2 form-row">
        <Field id={ids.category} field="category" label={t('form.category')} required error={errorOf('category')}>
          <select
            id={ids.category}
            value={category}
            aria-required="true"
            aria-invalid={Boolean(errorOf('category'))}
            data-testid="item-category"
            onChange={(e) => {
              setCategory(Number(e.target.value));
              clearError('category');
            }}
          >
            <option value={-1}>{t('form.categoryPlaceholder')}</option>
            {categories.data?.map((c) => (
              <option key={c.idx} value={c.idx}>
                {i18n.language === 'en' ? c.nameEn : c.name}
              </option>
            ))}
          </select>
        </Field>

        <Field id={ids.collection} field="collection" label={t('form.collection')} required error={errorOf('collection')}>
          <select
            id={ids.collection}
            value={collectionIdx}
            aria-required="true"
            aria-invalid={Boolean(errorOf('collection'))}
            aria-busy={collections.isPending}
            data-testid="item-collection"
            onChange={(e) => {
              setCollectionIdx(Number(e.target.value));
              clearError('collection');
            }}
          >
            <option value={-1}>{collections.isPending ? t('form.collectionsLoading') : t('form.collectionPlaceholder')}</option>
            {collections.data?.map((c) => (
              <option key={c.collectionIdx} value={c.collectionIdx}>
                {c.collectionName}
              </option>
            ))}
          </select>
          {collections.data?.length === 0 && (
            <p className="hint" data-testid="item-no-collections">
              {t('form.noCollections')} <Link to="/CollectionRegist">{t('form.createCollection')}</Link>
            </p>
          )}
        </Field>
      </div>

      <Field id={ids.quantity} field="quantity" label={t('form.quantity')} required={!item} error={errorOf('quantity')}>
        <input
          id={ids.quantity}
          inputMode="numeric"
          autoComplete="off"
          value={withThousands(quantity)}
          readOnly={Boolean(item)}
          aria-readonly={Boolean(item)}
          aria-invalid={Boolean(errorOf('quantity'))}
          aria-describedby={`${ids.quantity}-hint`}
          data-testid="item-quantity"
          onChange={(e) => setQuantity(digitsOnly(e.target.value).slice(0, 7))}
        />
        <p className="hint" id={`${ids.quantity}-hint`}>
          {item ? t('form.quantityReadOnly') : t('form.quantityHint')}
        </p>
      </Field>

      <div className="field" data-field="unlockable">
        <div className="toggle-row">
          <label htmlFor={ids.unlock} className="toggle-label">
            <span>{t('form.unlockable')}</span>
            <span className="hint">{t('form.unlockableHint')}</span>
          </label>
          <input
            id={ids.unlock}
            type="checkbox"
            role="switch"
            className="switch"
            checked={unlockableOn}
            aria-checked={unlockableOn}
            data-testid="item-unlockable-toggle"
            onChange={(e) => setUnlockableOn(e.target.checked)}
          />
        </div>
        {unlockableOn && (
          <>
            <textarea
              rows={3}
              value={unlockable}
              aria-label={t('form.unlockable')}
              placeholder={t('form.unlockablePlaceholder')}
              aria-invalid={Boolean(errorOf('unlockable'))}
              data-testid="item-unlockable"
              onChange={(e) => setUnlockable(e.target.value)}
            />
            <p className="counter">{t('form.counter', { count: charCount(unlockable), max: UNLOCKED_CONTENT_MAX })}</p>
          </>
        )}
        <FieldError text={errorOf('unlockable')} testId="item-unlockable-error" />
      </div>

      <div className="form-footer">
        <p className="form-status" role="status" aria-live="polite" data-testid="item-form-status">
          {save.busy ? (item ? t('busy.updating') : t('busy.creating')) : ''}
          {step?.step === 'register' ? ` ${t('form.registering')}` : ''}
        </p>
        <div className="form-actions form-actions-split">
          {item && (
            <button
              type="button"
              className="btn btn-danger-outline"
              data-testid="item-delete"
              disabled={busy}
              onClick={() => popups.confirm(t('form.deleteConfirm'), () => remove.run(undefined), { confirmLabel: t('form.delete') })}
            >
              {t('form.delete')}
            </button>
          )}
          <button type="submit" className="btn btn-primary btn-lg" data-testid="item-submit" aria-busy={save.busy}>
            {save.busy ? t(item ? 'form.saving' : 'form.publishing') : t(item ? 'form.save' : 'form.publish')}
          </button>
        </div>
      </div>
    </form>
  );
}

function Field(p: { id: string; field: ItemField; label: string; required?: boolean; error: string | null; children: ReactNode }) {
  return (
    <div className="field" data-field={p.field}>
      <label htmlFor={p.id}>
        {p.label} {p.required && <span className="req" aria-hidden="true">*</span>}
      </label>
      {p.children}
      <FieldError text={p.error} testId={`item-${p.field}-error`} />
    </div>
  );
}

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
