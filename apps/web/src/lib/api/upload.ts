/**
 * Multipart uploads (field `file`) with upload progress. fetch has no upload progress, so this uses
 * XMLHttpRequest. The ticket goes only in `Authorization: Bearer`, never in the URL (URLs end up in logs and
 * histories); the server accepts the spec's `/{id}/{ticket}` form too. Every failure resolves to 901, like `api()`.
 */
import { ReturnCode, type UploadPathKind, uploadReply, uploadUrl } from '@att/shared';
import type { z } from 'zod';

export type UploadReply = z.infer<typeof uploadReply>;

export interface UploadOptions {
  /** Which upload endpoint (the shared table builds its path `.../{id}`). */
  kind: UploadPathKind;
  auth: { id: string; ticket: string };
  file: Blob;
  /** Called with 0-100 as bytes go out (floored; 100 only once everything is sent). */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** Percent of `loaded` in `total`, floored, clamped to 0-100; 0 when the total is unknown. */
export function progressPercent(loaded: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.max(0, Math.min(100, Math.floor((loaded / total) * 100)));
}

export function uploadFile({ kind, auth, file, onProgress, signal }: UploadOptions): Promise<UploadReply> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    const fail = (why: string) => {
      console.error(`[upload] ${kind}: ${why}`);
      resolve({ returnCode: ReturnCode.HttpTrouble });
    };
    xhr.open('POST', uploadUrl(kind, auth.id));
    xhr.setRequestHeader('Authorization', `Bearer ${auth.ticket}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(progressPercent(e.loaded, e.total));
    };
    xhr.onerror = () => fail('network failure');
    xhr.onabort = () => fail('aborted');
    xhr.onload = () => {
      let json: unknown;
      try {
        json = JSON.parse(xhr.responseText);
      } catch {
        return fail(`HTTP ${xhr.status}, not JSON`);
      }
      // The server answers a refused upload (type, size, ticket) with a returnCode, possibly on a 4xx status.
      const parsed = uploadReply.safeParse(json);
      if (!parsed.success) return fail(`HTTP ${xhr.status}, reply does not match the contract`);
      if (xhr.status >= 500) return fail(`HTTP ${xhr.status}`);
      resolve(parsed.data);
    };
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
