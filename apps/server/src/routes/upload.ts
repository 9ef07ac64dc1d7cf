/**
 * POST /user/upload/profile/:id/:ticket and /user/upload/banner/:id/:ticket (multipart, field `file`).
 * The ticket is checked first; the file is read with a 2 MB cap (over -> 5), its type decided by content
 * (not jpeg/png/gif -> 5), resized, stored under a server-made name, and the member row updated.
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
    return await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(ReturnCode.ValidationFailed, 'file over 2 MB');
    }
    throw new AppError(ReturnCode.BadRequest, `multipart: ${String(err)}`);
  }
}

export default async function uploadRoutes(app: FastifyInstance) {
  for (const kind of ['profile', 'banner'] as const satisfies readonly ImageKind[]) {
    app.post<{ Params: { id: string; ticket: string } }>(
      `/user/upload/${kind}/:id/:ticket`,
      async (request): Promise<UploadReply> => {
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
      },
    );
  }
}
