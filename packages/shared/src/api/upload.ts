/** Upload endpoints: one place builds their paths (server registration and web client alike). */
import { API_BASE } from '../domain/constants';
import type { CollectionImageKind } from '../domain/items';

export type UserImageKind = 'profile' | 'banner';
export type ItemFileKind = 'resource' | 'thumbnail';

/** Path prefix (under API_BASE) of each upload kind; the full path appends `/{id}` (ticket as Bearer) or `/{id}/{ticket}`. */
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

/**
 * `/attnftmarket/api/v1/nft/upload/resource/{id}` (the web: ticket in `Authorization: Bearer` only, so it never
 * reaches a URL log) or, with `ticket`, the spec's `/{id}/{ticket}` form, which the server also accepts.
 */
export function uploadUrl(kind: UploadPathKind, id: string, ticket?: string): string {
  const base = `${API_BASE}${UPLOAD_PATHS[kind]}/${encodeURIComponent(id)}`;
  return ticket === undefined ? base : `${base}/${encodeURIComponent(ticket)}`;
}

export const collectionUploadKind = (kind: CollectionImageKind): UploadPathKind =>
  kind === 'banner' ? 'collectionBanner' : kind;
export const itemUploadKind = (kind: ItemFileKind): UploadPathKind => kind;
