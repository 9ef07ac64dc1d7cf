/**
 * ERC-1155 metadata of our items. The Items contract's `uri` is `{publicOrigin}/attnftmarket/api/v1/nft/metadata/{id}` (the contracts package's default path); wallets
 * replace `{id}` with the token id as 64 lowercase hex digits (EIP-1155), and the endpoint also takes decimal.
 */
import { METADATA_PATH, ResourceType, type ItemMetadata } from '@att/shared';
import type { AppConfig } from '../../platform/config';
import { traitValue, type TraitRow } from './item-traits-repository';

export const MAX_UINT256 = (1n << 256n) - 1n;

/** The `uri` the Items contract should hold for this deployment. */
export function metadataUri(config: Pick<AppConfig, 'publicOrigin'>): string {
  return `${config.publicOrigin}${METADATA_PATH}/{id}`;
}

export function tokenIdHex(tokenId: string): string {
  return BigInt(tokenId).toString(16).padStart(64, '0');
}

export function metadataUrl(config: Pick<AppConfig, 'publicOrigin'>, tokenId: string): string {
  return `${config.publicOrigin}${METADATA_PATH}/${tokenIdHex(tokenId)}`;
}

/** `{id}` as 64 hex digits (optionally 0x) or a decimal; null when it is neither or out of range. */
export function parseTokenId(id: string): string | null {
  let n: bigint;
  if (/^(0x)?[0-9a-fA-F]{64}$/.test(id)) n = BigInt(id.startsWith('0x') ? id : `0x${id}`);
  else if (/^\d{1,78}$/.test(id)) n = BigInt(id);
  else return null;
  return n <= MAX_UINT256 ? n.toString() : null;
}

export interface MetadataSource {
  productId: number;
  name: string;
  description: string;
  resourceType: number;
  fileFormat: string;
  fileName: string;
  thumbnailFileName: string | null;
  collectionName: string;
  collectionIdx: number;
  creatorId: string;
  creatorAddress: string;
  totalItemCount: number;
  categoryName: string;
}

/** Traits as OpenSea's `attributes`: a number with `display_type: "number"` and its `max_value` when given. */
export function attributesOf(traits: readonly TraitRow[]): NonNullable<ItemMetadata['attributes']> {
  return traits.map((t) => ({
    trait_type: t.traitType,
    value: traitValue(t),
    ...(t.isNumber ? { display_type: 'number' as const } : {}),
    ...(t.maxValue === null ? {} : { max_value: Number(t.maxValue) }),
  }));
}

/** Absolute URL of a user file under the CDN base (CDN_URL, or `/cdn` resolved against PUBLIC_ORIGIN: wallets and marketplaces read it). */
export function fileUrl(config: Pick<AppConfig, 'publicOrigin' | 'cdnUrl'>, folder: string, fileName: string): string {
  return new URL(`${config.cdnUrl}/${folder}/${fileName}`, config.publicOrigin).href;
}

export function itemMetadata(
  config: Pick<AppConfig, 'publicOrigin' | 'cdnUrl'>,
  r: MetadataSource,
  traits: readonly TraitRow[] = [],
): ItemMetadata {
  const resource = fileUrl(config, 'item/resource', r.fileName);
  const media = r.resourceType === ResourceType.Media;
  return {
    name: r.name,
    description: r.description,
    image: media && r.thumbnailFileName ? fileUrl(config, 'item/thumbnail', r.thumbnailFileName) : resource,
    ...(media ? { animation_url: resource } : {}),
    external_url: `${config.publicOrigin}/NftInfo/${r.productId}`,
    properties: {
      collection: r.collectionName,
      collectionIdx: r.collectionIdx,
      creator: r.creatorId,
      creatorAddress: r.creatorAddress,
      editionSize: r.totalItemCount,
      category: r.categoryName,
      fileFormat: r.fileFormat,
    },
    ...(traits.length > 0 ? { attributes: attributesOf(traits) } : {}),
  };
}
