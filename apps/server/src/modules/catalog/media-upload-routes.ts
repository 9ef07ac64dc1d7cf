/**
 * Collection images and item files (multipart, field `file`): POST
 * /nft/collection/upload/{logo,banner,featured}/:id[/:ticket] and /nft/upload/{resource,thumbnail}/:id[/:ticket].
 * The ticket (Bearer header, or the path) is checked before a byte of the file is read; see upload-intake for the
 * content checks and limits. Reply data: fileName, fileFormat, resourceType.
 */
import { ReturnCode, UPLOAD_PATHS, type UploadKind, type itemUploadReply } from '@att/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../platform/http/app-error';
import { pickTicket } from '../../platform/http/auth';
import { receiveUpload } from '../../platform/media/upload-intake';
import { uploadsRepo } from './uploads-repository';

const KINDS: Record<UploadKind, keyof typeof UPLOAD_PATHS> = {
  logo: 'logo',
  banner: 'collectionBanner',
  featured: 'featured',
  resource: 'resource',
  thumbnail: 'thumbnail',
};

export default async function nftUploadRoutes(app: FastifyInstance) {
  for (const [kind, pathKey] of Object.entries(KINDS) as [UploadKind, keyof typeof UPLOAD_PATHS][]) {
    const handler = async (
      request: FastifyRequest<{ Params: { id: string; ticket?: string } }>,
      reply: FastifyReply,
    ): Promise<z.infer<typeof itemUploadReply>> => {
      if (!request.isMultipart()) throw new AppError(ReturnCode.BadRequest, 'not multipart');
      const ticket = pickTicket(request.params.ticket, request);
      const member = await app.authenticate({ id: request.params.id, ticket });
      const file = await receiveUpload(app, request, reply, member, kind);
      await uploadsRepo(app.db).record(
        {
          fileName: file.fileName,
          memberIdx: member.memberIdx,
          kind,
          fileFormat: file.fileFormat,
          sizeBytes: file.size,
        },
        app.now(),
      );
      return {
        returnCode: ReturnCode.Success,
        data: { fileName: file.fileName, fileFormat: file.fileFormat, resourceType: file.resourceType },
      };
    };
    // The web sends the ticket only as `Authorization: Bearer`; the spec's path form stays for other clients.
    app.post(`${UPLOAD_PATHS[pathKey]}/:id`, handler);
    app.post(`${UPLOAD_PATHS[pathKey]}/:id/:ticket`, handler);
  }
}
