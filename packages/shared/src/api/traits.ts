/**
 * Item traits on the wire: the optional `traits` of /nft/register and /nft/update (beside the spec's payload, so
 * clients that send none still work), the item page's traits with their share of the collection, a collection's
 * trait types with their values and counts (/nft/info/collection/traits), and the trait filter of the collection's
 * item list (any value within a type, every type together).
 */
import { z } from 'zod';
import {
  TRAIT_FILTER_VALUES_MAX,
  TRAIT_TYPE_MAX,
  TRAIT_VALUE_MAX,
  TRAITS_MAX,
  checkTrait,
  duplicateTraitIndex,
} from '../domain/traits';
import { idxSchema } from './collection';
import { listReply } from './common';

const traitSchema = z
  .object({
    traitType: z.string().max(TRAIT_TYPE_MAX * 4),
    value: z.union([z.string().max(TRAIT_VALUE_MAX * 4), z.number()]),
    maxValue: z.number().optional(),
  })
  .refine((t) => checkTrait(t) === null, 'trait out of its limits');

/** Up to 20 traits, each type once. Codes: 5 (a count, length, type or duplicate rule broken). */
export const traitsSchema = z
  .array(traitSchema)
  .max(TRAITS_MAX)
  .refine((ts) => duplicateTraitIndex(ts) < 0, 'trait type repeated');

/** One trait on the item page: `itemCount` of the collection's shown items carry this value. */
export const itemTraitSchema = z.object({
  traitType: z.string(),
  value: z.union([z.string(), z.number()]),
  maxValue: z.number().nullable(),
  itemCount: z.number().int(),
});
export type ItemTrait = z.infer<typeof itemTraitSchema>;

/** The trait filter of a collection's item list: an item matches when, for every type, it has one of the values. */
export const traitFilterSchema = z
  .array(
    z.object({
      traitType: z
        .string()
        .min(1)
        .max(TRAIT_TYPE_MAX * 4),
      values: z
        .array(z.string().max(TRAIT_VALUE_MAX * 4))
        .min(1)
        .max(TRAIT_FILTER_VALUES_MAX),
    }),
  )
  .max(TRAITS_MAX);
export type TraitFilter = z.infer<typeof traitFilterSchema>;
/** The filter as matched and stored: types and values trimmed. */
export const trimTraitFilter = (filter: TraitFilter): TraitFilter =>
  filter.map((f) => ({ traitType: f.traitType.trim(), values: f.values.map((v) => v.trim()) }));

/** POST /nft/info/collection/traits (public): every trait type of the collection's shown items. Codes: 0; 254. */
export const collectionTraitsRequest = z.object({ collectionIdx: idxSchema });
export const collectionTraitTypeSchema = z.object({
  traitType: z.string(),
  values: z.array(z.object({ value: z.string(), count: z.number().int() })),
});
export type CollectionTraitType = z.infer<typeof collectionTraitTypeSchema>;
export const collectionTraitsReply = listReply(collectionTraitTypeSchema).extend({ itemCount: z.number().int() });

export const traitRoutes = {
  '/nft/info/collection/traits': { request: collectionTraitsRequest, reply: collectionTraitsReply },
} as const;
