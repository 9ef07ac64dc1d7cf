/**
 * Create or edit a collection (spec 2, "Collection management"): logo (required on create), featured and banner
 * images (gif/jpg/png by content, 10 MB), name, description, royalty. Chosen images upload first, each with its
 * progress bar; then register/update. Success shows the spec's message and goes to /MyCollection. On edit the
 * owner can delete the collection after a confirm (refused by the server with 283/251 while it has items/sales).
 */
import {
  ACCEPT,
  type Collection,
  type CollectionImageKind,
  COLLECTION_DESC_MAX,
  COLLECTION_IMAGE_MAX_BYTES,
  COLLECTION_NAME_MAX,
  collectionUploadKind,
} from '@att/shared';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FieldError } from '../../components/ui/FieldError';
import { FileField } from '../../components/ui/FileField';
import { NameDescriptionFields } from '../../components/ui/NameDescriptionFields';
import { useCdn } from '../../lib/config';
import { uploadFile } from '../../lib/api/upload';
import { fileProblemText, mbLabel } from '../../lib/file-problem';
import { checkImageFile } from '../account';
import { popups } from '../popups';
import { ensureOk, useApiMutation } from '../../lib/api';
import { api } from '../../lib/api';
import { refreshCollections } from './collection-queries';
import {
  type CollectionField,
  type CollectionFormErrors,
  collectionFormErrors,
  royaltyInput,
} from './collection-validation';

const IMAGES: CollectionImageKind[] = ['logo', 'featured', 'banner'];
type Files = Record<CollectionImageKind, File | null>;
type Progress = Record<CollectionImageKind, number | null>;

const TEXT_MAX = { name: COLLECTION_NAME_MAX, desc: COLLECTION_DESC_MAX };

export function CollectionForm({
  auth,
  collection,
}: {
  auth: { id: string; ticket: string };
  collection?: Collection;
}) {
  const { t } = useTranslation('collection');
  const navigate = useNavigate();
  const cdn = useCdn();
  const mode = collection ? 'update' : 'create';
  const ids = { name: useId(), desc: useId(), royalty: useId() };
  const [name, setName] = useState(collection?.collectionName ?? '');
  const [description, setDescription] = useState(collection?.description ?? '');
  const [royalty, setRoyalty] = useState(collection ? String(collection.royalty) : '');
  const [files, setFiles] = useState<Files>({ logo: null, featured: null, banner: null });
  const [progress, setProgress] = useState<Progress>({ logo: null, featured: null, banner: null });
  const [shownErrors, setShownErrors] = useState<CollectionFormErrors>({});

  const values = { name, description, royalty, hasLogo: Boolean(files.logo) || mode === 'update' };

  const save = useApiMutation(
    async () => {
      const names: Record<CollectionImageKind, string | null> = { logo: null, featured: null, banner: null };
      for (const kind of IMAGES) {
        const file = files[kind];
        if (!file) continue;
        setProgress((p) => ({ ...p, [kind]: 0 }));
        try {
          const up = ensureOk(
            await uploadFile({
              kind: collectionUploadKind(kind),
              auth,
              file,
              onProgress: (percent) => setProgress((p) => ({ ...p, [kind]: percent })),
            }),
          );
          names[kind] = up.data!.fileName;
        } finally {
          setProgress((p) => ({ ...p, [kind]: null }));
        }
      }
      const body = {
        id: auth.id,
        ticketId: auth.ticket,
        collectionName: name.trim(),
        collectionDesc: description,
        royalty: Number(royalty || '0'),
        bannerFileName: names.banner,
        featuredFileName: names.featured,
      };
      if (collection) {
        ensureOk(
          await api('/nft/collection/update', {
            ...body,
            collectionIdx: collection.collectionIdx,
            logoFileName: names.logo,
          }),
        );
      } else {
        ensureOk(await api('/nft/collection/register', { ...body, logoFileName: names.logo! }));
      }
    },
    {
      onSuccess: () => {
        void refreshCollections();
        popups.ok(t(collection ? 'success.updated' : 'success.created'), { onClose: () => navigate('/MyCollection') });
      },
    },
  );

  const remove = useApiMutation(
    async () =>
      ensureOk(
        await api('/nft/collection/delete', {
          id: auth.id,
          ticketId: auth.ticket,
          collectionIdx: collection!.collectionIdx,
        }),
      ),
    {
      onSuccess: () => {
        void refreshCollections({ refetchActive: false });
        popups.ok(t('success.deleted'), { onClose: () => navigate('/MyCollection') });
      },
    },
  );

  const busy = save.busy || remove.busy;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const problems = collectionFormErrors(values, mode);
    setShownErrors(problems);
    const first = Object.keys(problems)[0];
    if (first) {
      document.querySelector<HTMLElement>(`[data-field="${first}"] input, [data-field="${first}"] textarea`)?.focus();
      return;
    }
    save.run(undefined);
  }

  const errorOf = (field: CollectionField) => {
    const code = shownErrors[field];
    return code ? t(`errors.${code}`) : null;
  };
  const check = async (f: File) => {
    return fileProblemText(await checkImageFile(f, COLLECTION_IMAGE_MAX_BYTES), COLLECTION_IMAGE_MAX_BYTES, {
      format: () => t('errors.imageFormat'),
      size: (max) => t('errors.imageSize', { max }),
    });
  };
  const current: Record<CollectionImageKind, string | null> = {
    logo: cdn('logo', collection?.logo),
    featured: cdn('featured', collection?.featured),
    banner: cdn('banner', collection?.banner),
  };
  const whatLabel: Record<CollectionImageKind, string> = {
    logo: t('form.logo'),
    featured: t('form.featured'),
    banner: t('form.banner'),
  };

  return (
    <form className="form collection-form" onSubmit={submit} noValidate aria-busy={busy} data-testid="collection-form">
      <div className="collection-images">
        {IMAGES.map((kind) => (
          <div
            key={kind}
            data-field={kind === 'logo' ? 'logo' : undefined}
            className={`collection-image collection-image-${kind}`}
          >
            <FileField
              label={whatLabel[kind]}
              guide={t(`form.${kind}Guide`, { max: mbLabel(COLLECTION_IMAGE_MAX_BYTES) })}
              required={kind === 'logo' && mode === 'create'}
              accept={ACCEPT.collectionImage}
              file={files[kind]}
              onChange={(f) => {
                setFiles((x) => ({ ...x, [kind]: f }));
                if (kind === 'logo') setShownErrors(({ logo: _, ...rest }) => rest);
              }}
              check={check}
              currentUrl={current[kind]}
              error={kind === 'logo' ? errorOf('logo') : null}
              progress={progress[kind]}
              progressLabel={(percent) => t('form.uploading', { what: whatLabel[kind], percent })}
              chooseLabel={t('form.choose')}
              emptyLabel={t('form.noImage')}
              shape={kind === 'banner' ? 'wide' : 'square'}
              testId={`collection-${kind}-input`}
            />
          </div>
        ))}
      </div>

      <NameDescriptionFields
        ns="collection"
        ids={ids}
        name={[name, setName]}
        description={[description, setDescription]}
        errorOf={errorOf}
        max={TEXT_MAX}
      />

      <div className="field field-short" data-field="royalty">
        <label htmlFor={ids.royalty}>{t('form.royalty')}</label>
        <input
          id={ids.royalty}
          inputMode="numeric"
          value={royalty}
          placeholder="0"
          aria-invalid={Boolean(errorOf('royalty'))}
          aria-describedby={`${ids.royalty}-hint`}
          data-testid="collection-royalty"
          onChange={(e) => setRoyalty(royaltyInput(e.target.value))}
        />
        <p className="hint" id={`${ids.royalty}-hint`}>
          {t('form.royaltyHint')}
        </p>
        <FieldError text={errorOf('royalty')} testId="collection-royalty-error" />
      </div>

      <div className="form-actions form-actions-split">
        {collection && (
          <button
            type="button"
            className="btn btn-danger-outline"
            data-testid="collection-delete"
            disabled={busy}
            onClick={() =>
              popups.confirm(t('form.deleteConfirm'), () => remove.run(undefined), { confirmLabel: t('form.delete') })
            }
          >
            {remove.busy ? t('form.deleting') : t('form.delete')}
          </button>
        )}
        <button
          type="submit"
          className="btn btn-primary btn-lg"
          data-testid="collection-submit"
          disabled={busy}
          aria-busy={save.busy}
        >
          {save.busy
            ? t(collection ? 'form.updating' : 'form.creating')
            : t(collection ? 'form.update' : 'form.create')}
        </button>
      </div>
    </form>
  );
}
