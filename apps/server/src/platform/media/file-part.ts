/**
 * The one file of a multipart upload (field `file`), with the one mapping of the parser's refusals to return codes:
 * too many files, parts or fields are a failed validation, any other unreadable body a bad request, no `file` field
 * its own code.
 */
import type { MultipartFile } from '@fastify/multipart';
import { ReturnCode } from '@att/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error';

/** The file part, read up to `maxBytes` (`throwFileSizeLimit: false`: the caller watches the limit itself). */
export async function filePart(
  request: FastifyRequest,
  maxBytes: number,
  opts: { throwFileSizeLimit?: boolean } = {},
): Promise<MultipartFile> {
  let part: MultipartFile | undefined;
  try {
    part = await request.file({
      limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 12 },
      throwFileSizeLimit: opts.throwFileSizeLimit,
    });
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError(ReturnCode.ValidationFailed, code);
    }
    throw new AppError(ReturnCode.BadRequest, `multipart: ${String(err)}`);
  }
  if (!part || part.fieldname !== 'file') throw new AppError(ReturnCode.UploadFileNotFound);
  return part;
}
