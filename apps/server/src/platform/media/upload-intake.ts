/**
 * Receives one uploaded file (multipart field `file`) for a collection image or an item file:
 *
 * 1. reads the first bytes only and decides the type by content (magic bytes; SVG by parsing); a file that is
 *    none of the kind's formats (an HTML page named .mp4) is refused with 5 before anything is stored;
 * 2. images up to 10 MB (collection images, thumbnails) are decoded by sharp to prove they are what they claim,
 *    and jpg/png are re-encoded without metadata (EXIF location); SVGs are rebuilt by the sanitizer;
 * 3. item resources are STREAMED to storage (disk or S3 multipart): at no time is the file held whole;
 * 4. at the limit the stream stops: busboy emits `limit`, the storage write is aborted (nothing left behind),
 *    the request is no longer read, and the reply (5) closes the connection.
 *
 * The stored name is made by the server (random stem + the detected extension), so a client's file name never
 * reaches the file system.
 */
import { PassThrough, Readable } from 'node:stream';
import {
  FILE_MIME_TYPES,
  ReturnCode,
  UPLOAD_KINDS,
  resourceTypeOf,
  type FileFormat,
  type UploadKind,
} from '@att/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { AppError } from '../http/app-error';
import type { AuthedMember } from '../http/auth';
import { storeCardImage } from './card-image';
import { filePart } from './file-part';
import { SNIFF_BYTES, looksLikeSvg, sniffBinary } from './media-type';
import { newFileStem } from '../secrets';
import { sanitizeSvg } from './svg';
import type { Uses } from '../deps';

/** An SVG is parsed in memory: resources may be SVGs of at most this size (thumbnails: their own 2 MB). */
export const SVG_MAX_BYTES = 5 * 1024 * 1024;
const MAX_INPUT_PIXELS = 100_000_000;

export interface Intake {
  fileName: string;
  fileFormat: FileFormat;
  resourceType: number;
  size: number;
}

const tooLarge = () => new AppError(ReturnCode.ValidationFailed, 'file over the size limit');

/** Resolves with the first `n` bytes (or fewer at the end) and leaves the stream paused after them. */
function readHead(stream: Readable, n: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const cleanup = () => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
    };
    const finish = () => {
      cleanup();
      stream.pause();
      resolve(Buffer.concat(chunks));
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= n) finish();
    };
    const onEnd = () => finish();
    const onError = (err: Error) => {
      cleanup();
      reject(err);
    };
    stream.on('data', onData);
    stream.once('end', onEnd);
    stream.once('error', onError);
  });
}

/** The rest of a bounded file, in memory (only for kinds limited to 10 MB, or SVGs up to SVG_MAX_BYTES). */
async function readRest(head: Buffer, stream: Readable, max: number): Promise<Buffer> {
  const chunks = [head];
  let length = head.length;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length > max) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

async function checkedImage(data: Buffer, format: 'gif' | 'jpg' | 'png'): Promise<Buffer> {
  let meta;
  try {
    meta = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, animated: format === 'gif' }).metadata();
  } catch {
    throw new AppError(ReturnCode.ValidationFailed, 'image could not be decoded');
  }
  const expected = format === 'jpg' ? 'jpeg' : format;
  if (meta.format !== expected) throw new AppError(ReturnCode.ValidationFailed, `content is ${meta.format ?? '?'}`);
  if (format === 'gif') return data;
  try {
    const img = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
    return format === 'jpg' ? await img.jpeg({ quality: 92 }).toBuffer() : await img.png().toBuffer();
  } catch {
    throw new AppError(ReturnCode.ValidationFailed, 'image could not be decoded');
  }
}

/** After a refusal, at most this much more is read (and discarded) so the client sees the reply, not a reset. */
const LINGER_BYTES = 32 * 1024 * 1024;
const LINGER_MS = 2000;

/**
 * Stops taking the request in: nothing more reaches the parser or storage. Like nginx's lingering close, what
 * is already in flight is read and discarded for a moment (at most LINGER_BYTES, or LINGER_MS after the
 * reply), then the connection is dropped: closing a socket with unread data makes TCP reset it, and the client
 * would lose the reply. (A `Connection: close` reply would make Node do exactly that at once.)
 */
function stopReading(request: FastifyRequest, reply: FastifyReply) {
  const raw = request.raw;
  raw.unpipe();
  let discarded = 0;
  const drop = () => {
    // app.inject's fake socket has no destroy.
    if (typeof raw.socket?.destroy === 'function') raw.socket.destroy();
  };
  raw.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > LINGER_BYTES) drop();
  });
  raw.resume();
  reply.raw.once('finish', () => {
    if (!raw.complete) setTimeout(drop, LINGER_MS).unref();
  });
}

export async function receiveUpload(
  deps: Uses<'storage'>,
  request: FastifyRequest,
  reply: FastifyReply,
  member: AuthedMember,
  kind: UploadKind,
): Promise<Intake> {
  const { folder, maxBytes, formats } = UPLOAD_KINDS[kind];
  const part = await filePart(request, maxBytes, { throwFileSizeLimit: false });
  const file = part.file;
  let overLimit = false;
  file.once('limit', () => {
    overLimit = true;
  });
  try {
    const head = await readHead(file, SNIFF_BYTES);
    if (overLimit) throw tooLarge();
    const binary = sniffBinary(head);
    const svg = !binary && (formats as readonly string[]).includes('svg') && looksLikeSvg(head);
    const format: FileFormat | null =
      binary && (formats as readonly string[]).includes(binary) ? binary : svg ? 'svg' : null;
    if (!format) throw new AppError(ReturnCode.ValidationFailed, `not one of ${formats.join(', ')} by content`);
    const fileName = `${newFileStem()}.${format}`;
    const key = `${folder}/${fileName}`;
    const contentType = FILE_MIME_TYPES[format];
    let size: number;
    /** The stored bytes when held in memory (images up to 10 MB), for the card image. */
    let stored: Buffer | null = null;

    if (format === 'svg') {
      const data = await readRest(head, file, Math.min(maxBytes, SVG_MAX_BYTES));
      if (overLimit || file.truncated) throw tooLarge();
      const clean = sanitizeSvg(data);
      if (!clean) throw new AppError(ReturnCode.ValidationFailed, 'not an SVG image');
      await deps.storage.put(key, clean, contentType);
      size = clean.length;
    } else if (kind !== 'resource' && (format === 'gif' || format === 'jpg' || format === 'png')) {
      const data = await readRest(head, file, maxBytes);
      if (overLimit || file.truncated) throw tooLarge();
      const clean = await checkedImage(data, format);
      await deps.storage.put(key, clean, contentType);
      size = clean.length;
      stored = clean;
    } else {
      // Streamed: head first, then the rest as it arrives; the limit destroys the stream and aborts the write.
      const body = new PassThrough({ highWaterMark: 256 * 1024 });
      file.once('limit', () => body.destroy(tooLarge()));
      file.once('error', (err) => body.destroy(err));
      if (file.readableEnded) body.end(head);
      else {
        body.write(head);
        file.pipe(body);
      }
      size = await deps.storage.putStream(key, body, contentType);
      if (overLimit || file.truncated) {
        await deps.storage.remove(key).catch(() => undefined);
        throw tooLarge();
      }
    }
    if (kind === 'resource' || kind === 'thumbnail') {
      await storeCardImage(deps.storage, request.log, folder, fileName, stored);
    }
    return { fileName, fileFormat: format, resourceType: resourceTypeOf(format), size };
  } catch (err) {
    stopReading(request, reply);
    file.destroy();
    if (overLimit) throw tooLarge();
    throw err;
  }
}
