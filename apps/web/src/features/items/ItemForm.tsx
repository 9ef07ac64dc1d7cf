/**
 * Publish (/NftPublish) or edit (/NftModify/{productId}) an item (spec 2, sections 2, 4, 5).
 * Publish: resource (image/video/audio, by content, 100 MB) -> thumbnail (required for video/audio) -> register,
 * each upload with a real progress bar; success "아이템 등록 성공" -> /MyCollection.
 * Edit: the same form filled in, supply read-only; new files upload before the update; update -> /NftInfo/{id},
 * delete (confirm) -> /Collection/{collectionIdx}.
 * Traits (optional, up to 20, traits/TraitsEditor.tsx) go with the save; each row's problem shows under it.
 * While a save runs, another submit shows the spec's busy message instead of sending again.
 */
import {
  ITEM_DESC_MAX,
  ITEM_DESC_MAX_LINES,
  ITEM_NAME_MAX,
  type ItemDetail,
  PAGE_SIZES,
  ResourceType,
  type TraitCheck,
  UNLOCKED_CONTENT_MAX,
} from '@att/shared';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FieldError } from '../../components/ui/FieldError';
import { FormField } from '../../components/ui/FormField';
import { NameDescriptionFields } from '../../components/ui/NameDescriptionFields';
import { useCategories } from '../../lib/config';
import { charCount, digitsOnly, withThousands } from '../../lib/digits';
import { useMyCollections } from '../collections';
import { popups } from '../popups';
import { ItemMediaFields } from './ItemMediaFields';
import { type ItemField, type ItemFormErrors, itemFormErrors } from './item-validation';
import type { MediaKind } from './media-check';
import { useItemSave } from './useItemSave';
import { rowsOf, traitsOf } from './traits/trait-rows';
import { TraitsEditor } from './traits/TraitsEditor';

type Auth = { id: string; ticket: string };

const AUDIO = new Set(['mp3', 'wav', 'ogg']);
const storedKind = (d: ItemDetail): MediaKind =>
  d.resourceType === ResourceType.Image ? 'image' : AUDIO.has(d.fileFormat) ? 'audio' : 'video';

const Field = (p: Omit<Parameters<typeof FormField>[0], 'testPrefix' | 'field'> & { field: ItemField }) => (
  <FormField testPrefix="item" {...p} />
);

const TEXT_MAX = { name: ITEM_NAME_MAX, desc: ITEM_DESC_MAX, lines: ITEM_DESC_MAX_LINES };

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
  const categories = useCategories();
  const collections = useMyCollections(PAGE_SIZES.collectionsInForms);
  const ids = {
    name: useId(),
    desc: useId(),
    category: useId(),
    collection: useId(),
    quantity: useId(),
    unlock: useId(),
  };

  const [resource, setResource] = useState<{ file: File; kind: MediaKind } | null>(null);
  const [thumbnail, setThumbnail] = useState<File | null>(null);
  const [name, setName] = useState(item?.name ?? '');
  const [description, setDescription] = useState(item?.description ?? '');
  const [category, setCategory] = useState(item?.category ?? -1);
  const [collectionIdx, setCollectionIdx] = useState(item?.collectionIdx ?? defaultCollectionIdx ?? -1);
  const [quantity, setQuantity] = useState(item ? String(item.totalItemCount) : '1');
  const [unlockableOn, setUnlockableOn] = useState(item ? item.isExistUnlockedContent === 1 : false);
  const [unlockable, setUnlockable] = useState(unlocked ?? '');
  const [shownErrors, setShownErrors] = useState<ItemFormErrors>({});
  const [traitRows, setTraitRows] = useState(() => rowsOf(item?.traits));
  const [traitErrors, setTraitErrors] = useState<Record<number, TraitCheck>>({});
  const traits = traitsOf(traitRows);

  const resourceKind = resource?.kind ?? (item ? storedKind(item) : null);
  const hasThumbnail = Boolean(thumbnail) || Boolean(item?.thumbnailFileName);

  const fields = { name, description, category, collectionIdx, quantity, unlockableOn, unlockable };
  const { save, remove, step } = useItemSave(auth, item, {
    resource,
    thumbnail,
    resourceKind,
    ...fields,
    traits: traits.traits,
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (save.isInFlight() || remove.busy) {
      popups.ok(t(item ? 'busy.updating' : 'busy.creating'));
      return;
    }
    const problems = itemFormErrors({ resourceKind, hasThumbnail, ...fields });
    setShownErrors(problems);
    setTraitErrors(traits.errors);
    const first = Object.keys(problems)[0] ?? (Object.keys(traits.errors).length > 0 ? 'traits' : undefined);
    if (first) {
      document
        .querySelector<HTMLElement>(
          `[data-field="${first}"] [aria-invalid="true"], [data-field="${first}"] input, [data-field="${first}"] textarea, [data-field="${first}"] select`,
        )
        ?.focus();
      return;
    }
    save.run(undefined);
  }

  const errorOf = (field: ItemField) => {
    const code = shownErrors[field];
    return code ? t(`errors.${code}`) : null;
  };
  const clearError = (field: ItemField) => setShownErrors(({ [field]: _, ...rest }) => rest);
  const busy = save.busy || remove.busy;

  return (
    <form className="form item-form" onSubmit={submit} noValidate aria-busy={busy} data-testid="item-form">
      <ItemMediaFields
        item={item}
        resource={resource}
        onResource={(r) => {
          setResource(r);
          clearError('resource');
        }}
        thumbnail={thumbnail}
        onThumbnail={(f) => {
          setThumbnail(f);
          clearError('thumbnail');
        }}
        resourceKind={resourceKind}
        errorOf={errorOf}
        step={step}
      />

      <NameDescriptionFields
        ns="item"
        ids={ids}
        name={[name, setName]}
        description={[description, setDescription]}
        errorOf={errorOf}
        max={TEXT_MAX}
      />

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

        <Field
          id={ids.collection}
          field="collection"
          label={t('form.collection')}
          required
          error={errorOf('collection')}
        >
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
            <option value={-1}>
              {collections.isPending ? t('form.collectionsLoading') : t('form.collectionPlaceholder')}
            </option>
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

      <TraitsEditor rows={traitRows} onChange={setTraitRows} errors={traitErrors} />

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
              onClick={() =>
                popups.confirm(t('form.deleteConfirm'), () => remove.run(undefined), { confirmLabel: t('form.delete') })
              }
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
