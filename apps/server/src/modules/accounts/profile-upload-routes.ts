/**
 * POST /user/upload/{profile|banner}/:id with `Authorization: Bearer <ticket>` (preferred: no ticket in URLs),
 * or /user/upload/{profile|banner}/:id/:ticket (multipart, field `file`).
 * The ticket is checked first; the file is read with a cap (profile 2 MB, banner 10 MB: the sign-up form's limit;
 * over -> 5: a stream cut at the cap is refused,
 * never stored), its type decided by content (not jpeg/png/gif -> 5), resized, stored under a server-made name,
 * and the member row updated.
 */
import { BANNER_MAX_BYTES, IMAGE_MAX_BYTES, ReturnCode, uploadReply } from '@att/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../platform/http/app-error';
import { pickTicket } from '../../platform/http/auth';
import { filePart } from '../../platform/media/file-part';
import { processImage, type ImageKind } from '../../platform/media/images';
import { newFileStem } from '../../platform/secrets';
import { contentTypeOf } from '../../platform/storage/storage-plugin';
import { membersRepo } from './members-repository';

type UploadReply = z.infer<typeof uploadReply>;

const MAX_BYTES = { profile: IMAGE_MAX_BYTES, banner: BANNER_MAX_BYTES } as const;

async function readFile(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  const part = await filePart(request, maxBytes);
  try {
    const data = await part.toBuffer();
    // busboy cuts the stream at the limit and flags it; toBuffer does not always notice the flag in time.
    if (part.file.truncated || data.length > maxBytes) {
      throw new AppError(ReturnCode.ValidationFailed, `file over ${maxBytes} bytes`);
    }
    return data;
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(ReturnCode.ValidationFailed, `file over ${maxBytes} bytes`);
    }
    throw new AppError(ReturnCode.BadRequest, `multipart: ${String(err)}`);
  }
}

export default async function uploadRoutes(app: FastifyInstance) {
  for (const kind of ['profile', 'banner'] as const satisfies readonly ImageKind[]) {
    const handler = async (
      request: FastifyRequest<{ Params: { id: string; ticket?: string } }>,
    ): Promise<UploadReply> => {
      if (!request.isMultipart()) throw new AppError(ReturnCode.BadRequest, 'not multipart');
      const ticket = pickTicket(request.params.ticket, request);
      const member = await app.authenticate({ id: request.params.id, ticket });
      const image = await processImage(await readFile(request, MAX_BYTES[kind]), kind);
      const fileName = `${newFileStem()}.${image.ext}`;
      await app.storage.put(
        `user/${kind}/${fileName}`,
        image.data,
        contentTypeOf(fileName) ?? 'application/octet-stream',
      );
      const previous = await membersRepo(app.db).replaceImage(member.memberIdx, kind, fileName, app.now());
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
