/**
 * Uploaded files waiting to be used: recorded after the file is stored, consumed (once, atomically) by the
 * collection or item write that uses them, inside that write's transaction.
 */
import type { Kysely } from 'kysely';
import type { Database, Db, UploadKindColumn } from '../db/database';
import { UploadNotFoundError } from './domain-errors';

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
  const row = await trx
    .updateTable('uploads')
    .set({ used_at: now })
    .where('file_name', '=', fileName)
    .where('member_idx', '=', memberIdx)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .returning('file_format as fileFormat')
    .executeTakeFirst();
  if (!row) throw new UploadNotFoundError(fileName);
  return row;
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
