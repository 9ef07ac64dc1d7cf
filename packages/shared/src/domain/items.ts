/**
 * Collections and items (spec 2, sections 3-5 and 9): enums, limits, accepted file formats and the form checks
 * shared by the web forms and the server. The web maps each check's code to its catalogue text
 * (`collectionForm.<code>`, `itemForm.<code>`); the server answers the returnCode named beside each limit.
 */

/** itemType: 1 multi-edition ("pieces"), 2 single. Decided by the edition size (totalSupply 1 = single). */
export const ItemType = { Multi: 1, Single: 2 } as const;
export type ItemTypeValue = (typeof ItemType)[keyof typeof ItemType];
export const itemTypeOf = (totalSupply: number): ItemTypeValue =>
  totalSupply === 1 ? ItemType.Single : ItemType.Multi;

/** resourceType: 1 image (shown as is), 2 video or audio (shown through its thumbnail). */
export const ResourceType = { Image: 1, Media: 2 } as const;
export type ResourceTypeValue = (typeof ResourceType)[keyof typeof ResourceType];

/** hideState: 0 shown, 1 hidden. */
export const HideState = { Shown: 0, Hidden: 1 } as const;
export type HideStateValue = (typeof HideState)[keyof typeof HideState];

/** Orders of the collection item list, search and profiles: 1 newest, 2 popular, 3 most viewed, 4 oldest. */
export const ItemOrder = { Newest: 1, Popular: 2, MostViewed: 3, Oldest: 4 } as const;
export type ItemOrderValue = (typeof ItemOrder)[keyof typeof ItemOrder];

/** Item status filter (marketplace reading): 1 buy now, 2 auction, 3 new, 4 has offers. */
export const ItemStatusFilter = { Buy: 1, Auction: 2, New: 3, Offers: 4 } as const;
/** "New" means published within this many days. */
export const NEW_ITEM_DAYS = 7;
/** Price filter type: 1 USD, 2 ATT, 3 KLAY. */
export const PriceFilter = { Usd: 1, Att: 2, Klay: 3 } as const;
/** type of /nft/collection/userPage/list: 0 the member's collections, 1 of offers made, 2 of liked items. */
export const CollectionFilterType = { Default: 0, OffersMade: 1, Liked: 2 } as const;

export const COLLECTION_NAME_MAX = 100;
export const COLLECTION_DESC_MAX = 1000;
/** Royalty in percent, 0-10, at most 2 decimals (stored as basis points). Wrong -> 252, over 10 -> 272. */
export const ROYALTY_MAX_PERCENT = 10;
export const ROYALTY_MAX_BPS = ROYALTY_MAX_PERCENT * 100;
export const percentToBps = (percent: number): number => Math.round(percent * 100);
export const bpsToPercent = (bps: number): number => bps / 100;

export const ITEM_NAME_MAX = 45;
export const ITEM_DESC_MAX = 1000;
export const ITEM_DESC_MAX_LINES = 5;
/** Edition size: at least 1; the cap keeps counters far inside integer range. */
export const ITEM_SUPPLY_MAX = 1_000_000;
export const UNLOCKED_CONTENT_MAX = 1000;
export const SEARCH_TEXT_MAX = 100;

/** Upload limits in bytes (over the limit -> 5; the server stops reading there). */
export const COLLECTION_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const ITEM_RESOURCE_MAX_BYTES = 104_857_600;
export const THUMBNAIL_MAX_BYTES = 2 * 1024 * 1024;

/** File formats by extension as the server names stored files; the type is decided by content. */
export const FILE_MIME_TYPES = {
  gif: 'image/gif',
  jpg: 'image/jpeg',
  png: 'image/png',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
} as const;
export type FileFormat = keyof typeof FILE_MIME_TYPES;
export const COLLECTION_IMAGE_FORMATS = ['gif', 'jpg', 'png'] as const satisfies readonly FileFormat[];
export const RESOURCE_FORMATS = [
  'gif',
  'jpg',
  'png',
  'svg',
  'mp4',
  'webm',
  'mp3',
  'wav',
  'ogg',
] as const satisfies readonly FileFormat[];
export const IMAGE_RESOURCE_FORMATS = ['gif', 'jpg', 'png', 'svg'] as const satisfies readonly FileFormat[];
export const THUMBNAIL_FORMATS = ['gif', 'jpg', 'png', 'svg'] as const satisfies readonly FileFormat[];
export const resourceTypeOf = (format: FileFormat): ResourceTypeValue =>
  (IMAGE_RESOURCE_FORMATS as readonly string[]).includes(format) ? ResourceType.Image : ResourceType.Media;
/** Value of an `<input type=file accept>` per upload kind. */
export const ACCEPT = {
  collectionImage: '.gif,.jpg,.jpeg,.png,image/gif,image/jpeg,image/png',
  resource: '.gif,.jpg,.jpeg,.png,.svg,.mp4,.webm,.mp3,.wav,.ogg,image/*,video/mp4,video/webm,audio/*',
  thumbnail: '.gif,.jpg,.jpeg,.png,.svg,image/gif,image/jpeg,image/png,image/svg+xml',
} as const;

/** Upload kinds, the CDN folder each is served from (`{cdnUrl}/{folder}/{fileName}`) and its byte limit. */
export const UPLOAD_KINDS = {
  logo: { folder: 'collection/logo', maxBytes: COLLECTION_IMAGE_MAX_BYTES, formats: COLLECTION_IMAGE_FORMATS },
  banner: { folder: 'collection/banner', maxBytes: COLLECTION_IMAGE_MAX_BYTES, formats: COLLECTION_IMAGE_FORMATS },
  featured: { folder: 'collection/featured', maxBytes: COLLECTION_IMAGE_MAX_BYTES, formats: COLLECTION_IMAGE_FORMATS },
  resource: { folder: 'item/resource', maxBytes: ITEM_RESOURCE_MAX_BYTES, formats: RESOURCE_FORMATS },
  thumbnail: { folder: 'item/thumbnail', maxBytes: THUMBNAIL_MAX_BYTES, formats: THUMBNAIL_FORMATS },
} as const;
export type UploadKind = keyof typeof UPLOAD_KINDS;
export type CollectionImageKind = 'logo' | 'banner' | 'featured';

/** Page sizes the web asks for and the caps the server clamps to (spec 2, section 9). */
export const PAGE_SIZES = {
  collections: 100,
  collectionsInForms: 9999,
  recentItems: 100,
  collectionItems: 100,
  profileItems: 500,
} as const;
export const PAGE_SIZE_CAPS = { collections: 9999, items: 500, collectionFilter: 500 } as const;

// ---- form checks (the web shows the message of the code; the server's schema enforces the same) ----

export type CollectionFormError =
  'logoRequired' | 'nameRequired' | 'nameTooLong' | 'descTooLong' | 'royaltyInvalid' | 'royaltyTooBig';

export interface CollectionForm {
  collectionName: string;
  collectionDesc: string;
  /** Percent as typed (digits and at most one dot). */
  royalty: string;
  hasLogo: boolean;
}

const ROYALTY_RE = /^\d{1,2}(\.\d{1,2})?$/;

/** First failing rule of the collection form, or null. `update`: the logo is optional (kept when unchanged). */
export function checkCollectionForm(f: CollectionForm, update = false): CollectionFormError | null {
  if (!update && !f.hasLogo) return 'logoRequired';
  const name = f.collectionName.trim();
  if (!name) return 'nameRequired';
  if ([...name].length > COLLECTION_NAME_MAX) return 'nameTooLong';
  if ([...f.collectionDesc].length > COLLECTION_DESC_MAX) return 'descTooLong';
  const r = f.royalty.trim() === '' ? '0' : f.royalty.trim();
  if (!ROYALTY_RE.test(r)) return 'royaltyInvalid';
  if (Number(r) > ROYALTY_MAX_PERCENT) return 'royaltyTooBig';
  return null;
}

export type ItemFormError =
  | 'resourceRequired'
  | 'thumbnailRequired'
  | 'nameRequired'
  | 'nameTooLong'
  | 'descTooLong'
  | 'descTooManyLines'
  | 'categoryRequired'
  | 'collectionRequired'
  | 'quantityMin'
  | 'quantityMax'
  | 'unlockedContentRequired'
  | 'unlockedContentTooLong';

export interface ItemForm {
  hasResource: boolean;
  resourceType: ResourceTypeValue | null;
  hasThumbnail: boolean;
  productName: string;
  productDesc: string;
  /** -1 when not chosen. */
  category: number;
  /** -1 or 0 when not chosen. */
  collectionIdx: number;
  totalSupply: number;
  isExistUnlockedContent: 0 | 1;
  unlockedContent: string;
}

export const lineCount = (text: string): number => (text === '' ? 0 : text.split(/\r\n|\r|\n/).length);

/** First failing rule of the item form (create and edit), or null. */
export function checkItemForm(f: ItemForm): ItemFormError | null {
  if (!f.hasResource) return 'resourceRequired';
  if (f.resourceType === ResourceType.Media && !f.hasThumbnail) return 'thumbnailRequired';
  const name = f.productName.trim();
  if (!name) return 'nameRequired';
  if ([...name].length > ITEM_NAME_MAX) return 'nameTooLong';
  if ([...f.productDesc].length > ITEM_DESC_MAX) return 'descTooLong';
  if (lineCount(f.productDesc) > ITEM_DESC_MAX_LINES) return 'descTooManyLines';
  if (f.category < 1) return 'categoryRequired';
  if (f.collectionIdx < 1) return 'collectionRequired';
  if (!Number.isInteger(f.totalSupply) || f.totalSupply < 1) return 'quantityMin';
  if (f.totalSupply > ITEM_SUPPLY_MAX) return 'quantityMax';
  if (f.isExistUnlockedContent === 1) {
    if (!f.unlockedContent.trim()) return 'unlockedContentRequired';
    if ([...f.unlockedContent].length > UNLOCKED_CONTENT_MAX) return 'unlockedContentTooLong';
  }
  return null;
}
