/**
 * The item form's writes: publish (resource, then thumbnail, then /nft/register) or edit (new files, then
 * /nft/update), each upload with its progress (`step`); and delete. Success refreshes every item read.
 */
import type { ItemDetail, TraitInput } from '@att/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api, ensureOk, useApiMutation } from '../../lib/api';
import { uploadFile } from '../../lib/api/upload';
import { popups } from '../popups';
import { refreshItems } from './item-queries';
import type { ItemFieldValues } from './item-validation';
import type { MediaKind } from './media-check';

type Step = 'resource' | 'thumbnail' | 'register';

/** What the form holds when it is saved. */
export interface ItemDraft extends ItemFieldValues {
  resource: { file: File; kind: MediaKind } | null;
  thumbnail: File | null;
  resourceKind: MediaKind | null;
  /** Checked traits, in the form's order. */
  traits: TraitInput[];
}

export function useItemSave(auth: { id: string; ticket: string }, item: ItemDetail | undefined, draft: ItemDraft) {
  const { t } = useTranslation('item');
  const navigate = useNavigate();
  const [step, setStep] = useState<{ step: Step; percent: number } | null>(null);
  const { resource, thumbnail, resourceKind, name, description, unlockableOn, unlockable } = draft;

  const upload = async (kind: 'resource' | 'thumbnail', file: File) => {
    setStep({ step: kind, percent: 0 });
    const r = ensureOk(
      await uploadFile({ kind, auth, file, onProgress: (percent) => setStep({ step: kind, percent }) }),
    );
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
          category: draft.category,
          productName: name.trim(),
          productDesc: description,
          isExistUnlockedContent: unlockableOn ? 1 : 0,
          unlockedContent: unlockableOn ? unlockable : '',
          collectionIdx: draft.collectionIdx,
          traits: draft.traits,
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
            totalSupply: Number(draft.quantity),
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
        void refreshItems();
        if (item) popups.ok(t('success.updated'), { onClose: () => navigate(`/NftInfo/${productId}`) });
        else popups.ok(t('success.created'), { onClose: () => navigate('/MyCollection') });
      },
    },
  );

  const remove = useApiMutation(
    async () =>
      ensureOk(await api('/nft/delete', { id: auth.id, ticketId: auth.ticket, productId: item!.productId })).data!
        .collectionIdx,
    {
      onSuccess: (collection) => {
        void refreshItems({ refetchActive: false });
        popups.ok(t('success.deleted'), { onClose: () => navigate(`/Collection/${collection}`) });
      },
    },
  );

  return { save, remove, step };
}
