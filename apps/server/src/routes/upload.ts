/**
 * POST /user/upload/{profile|banner}/:id with `Authorization: Bearer <ticket>` (preferred: no ticket in URLs),
 * or /user/upload/{profile|banner}/:id/:ticket (multipart, field `file`).
 * The ticket is checked first; the file is read with a 2 MB cap (over -> 5: a stream cut at the cap is refused,
 * never stored), its type decided by content (not jpeg/png/gif -> 5), resized, stored under a server-made name,
 * and the member row updated.
 */
import { IMAGE_MAX_BYTES, ReturnCode, uploadReply } from '@att/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../errors';
import { authenticate, pickTicket } from '../http/auth';
import { processImage, type ImageKind } from '../services/images';
import { newFileStem } from '../services/secrets';
import { contentTypeOf } from '../plugins/storage';

type UploadReply = z.infer<typeof uploadReply>;

async function readFile(request: FastifyRequest): Promise<Buffer> {
  let part;
  try {
    part = await request.file({ limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 10, parts: 12 } });
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError(ReturnCode.ValidationFailed, code);
    }
    throw new AppError(ReturnCode.BadRequest, `multipart: ${String(err)}`);
  }
  if (!part || part.fieldname !== 'file') throw new AppError(ReturnCode.UploadFileNotFound);
  try {
    const data = await part.toBuffer();
    // busboy cuts the stream at the limit and flags it; toBuffer does not always notice the flag in time.
    if (part.file.truncated || data.length > IMAGE_MAX_BYTES) {
      throw new AppError(ReturnCode.ValidationFailed, 'file over 2 MB');
    }
    return data;
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(ReturnCode.ValidationFailed, 'file over 2 MB');
    }
    throw new AppError(ReturnCode.BadRequest, `multipart: ${String(err)}`);
  }
}

export default async function uploadRoutes(app: FastifyInstance) {
  for (const kind of ['profile', 'banner'] as const satisfies readonly ImageKind[]) {
    const handler = async (request: FastifyRequest<{ Params: { id: string; ticket?: string } }>): Promise<UploadReply> => {
      if (!request.isMultipart()) throw new AppError(ReturnCode.BadRequest, 'not multipart');
      const ticket = pickTicket(request.params.ticket, request);
      const member = await authenticate(app, { id: request.params.id, ticket });
      const image = await processImage(await readFile(request), kind);
      const fileName = `${newFileStem()}.${image.ext}`;
      await app.storage.put(`user/${kind}/${fileName}`, image.data, contentTypeOf(fileName) ?? 'application/octet-stream');
      const previous = await app.repos.members.replaceImage(member.memberIdx, kind, fileName, app.now());
      if (previous) {
        await app.storage.remove(`user/${kind}/${previous}`).catch((err: unknown) => {
          request.log.warn({ err, previous }, 'old image not removed');
        });
      }
      return { returnCode: ReturnCode.Success, data: { fileName } };
    };
    app.post(`/user/upload/${kind}/:id`, handler);
    app.post(`/user/upload/${kind}/:id/:ticket`, handler);
  }
}
