/** Upload endpoints: one place builds their paths (server registration and web client alike). */
import { API_BASE } from '../domain/constants';
import type { CollectionImageKind } from '../domain/items';

export type UserImageKind = 'profile' | 'banner';
export type ItemFileKind = 'resource' | 'thumbnail';

/** Path prefix (under API_BASE) of each upload kind; the full path appends `/{id}/{ticket}`. */
export const UPLOAD_PATHS = {
  profile: '/user/upload/profile',
  banner: '/user/upload/banner',
  logo: '/nft/collection/upload/logo',
  collectionBanner: '/nft/collection/upload/banner',
  featured: '/nft/collection/upload/featured',
  resource: '/nft/upload/resource',
  thumbnail: '/nft/upload/thumbnail',
} as const;
export type UploadPathKind = keyof typeof UPLOAD_PATHS;

/** `/attnftmarket/api/v1/nft/upload/resource/{id}/{ticket}` etc. */
export function uploadUrl(kind: UploadPathKind, id: string, ticket: string): string {
  return `${API_BASE}${UPLOAD_PATHS[kind]}/${encodeURIComponent(id)}/${encodeURIComponent(ticket)}`;
}

export const collectionUploadKind = (kind: CollectionImageKind): UploadPathKind =>
  kind === 'banner' ? 'collectionBanner' : kind;
export const itemUploadKind = (kind: ItemFileKind): UploadPathKind => kind;
