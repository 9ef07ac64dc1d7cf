/**
 * Uploaded files waiting to be used: recorded after the file is stored, consumed (once, atomically) by the
 * collection or item write that uses them, inside that write's transaction.
 */
import type { Kysely } from 'kysely';
import type { Database, Db } from '../schema';
import type { UploadKindColumn } from './tables';
import { UploadNotFoundError } from '../../platform/db/domain-errors';
import { repositoryOf } from '../../platform/db/repository';

export interface UploadRecord {
  fileName: string;
  memberIdx: number;
  kind: UploadKindColumn;
  fileFormat: string;
  sizeBytes: number;
}

/** Marks the file used; throws UploadNotFoundError when it is not an unused `kind` upload of `memberIdx`. */
export async function consumeUpload(
  trx: Kysely<Database>,
  memberIdx: number,
  kind: UploadKindColumn,
  fileName: string,
  now: Date,
): Promise<{ fileFormat: string }> {
  const row = await setUsed(trx, memberIdx, kind, fileName, now, true);
  if (!row) throw new UploadNotFoundError(fileName);
  return row;
}

/**
 * Marks an upload of `memberIdx` of this kind used, whether or not it was used before (an operator's home tip may
 * show an image again); false when there is no such upload.
 */
export async function markUploadUsed(
  trx: Kysely<Database>,
  memberIdx: number,
  kind: UploadKindColumn,
  fileName: string,
  now: Date,
): Promise<boolean> {
  return (await setUsed(trx, memberIdx, kind, fileName, now, false)) !== undefined;
}

/** Sets `used_at` on the member's upload of this kind (`unusedOnly`: only if it was not used yet); its format, if any. */
function setUsed(
  trx: Kysely<Database>,
  memberIdx: number,
  kind: UploadKindColumn,
  fileName: string,
  now: Date,
  unusedOnly: boolean,
): Promise<{ fileFormat: string } | undefined> {
  const q = trx
    .updateTable('uploads')
    .set({ used_at: now })
    .where('file_name', '=', fileName)
    .where('member_idx', '=', memberIdx)
    .where('kind', '=', kind);
  return (unusedOnly ? q.where('used_at', 'is', null) : q).returning('file_format as fileFormat').executeTakeFirst();
}

export function createUploadsRepository(db: Db) {
  return {
    async record(u: UploadRecord, now: Date): Promise<void> {
      await db
        .insertInto('uploads')
        .values({
          file_name: u.fileName,
          member_idx: u.memberIdx,
          kind: u.kind,
          file_format: u.fileFormat,
          size_bytes: u.sizeBytes,
          created_at: now,
        })
        .execute();
    },
  };
}

export type UploadsRepository = ReturnType<typeof createUploadsRepository>;

/** The uploads repository of a database (built once per handle). */
export const uploadsRepo = repositoryOf(createUploadsRepository);
