/**
 * What a file is, decided by its content (never by its name or declared type): the magic bytes of gif, jpg,
 * png, mp4, webm, mp3, wav and ogg, and for SVG a real XML parse (see svg.ts). A file that matches none (an
 * HTML page named .mp4, a script, a zip) is refused by the caller.
 */
import type { FileFormat } from '@att/shared';

/** Bytes of the head the sniffers look at. */
export const SNIFF_BYTES = 4100;

const startsWith = (b: Buffer, bytes: readonly number[], at = 0) =>
  b.length >= at + bytes.length && bytes.every((x, i) => b[at + i] === x);
const ascii = (b: Buffer, text: string, at = 0) =>
  b.length >= at + text.length && b.toString('latin1', at, at + text.length) === text;

/** ISO BMFF brands of MP4 video (not QuickTime, not audio-only M4A, not HEIF images). */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'M4VH',
  'M4VP',
  'dash',
  'mmp4',
  'f4v ',
  'MSNV',
  'NDAS',
]);

function isMp3(b: Buffer): boolean {
  if (ascii(b, 'ID3') && b.length >= 10 && b[3]! <= 4) return true;
  // An MPEG audio frame header: 11 sync bits, a valid version, layer III, a valid bitrate and sample rate.
  if (b.length < 4 || b[0] !== 0xff || (b[1]! & 0xe0) !== 0xe0) return false;
  const version = (b[1]! >> 3) & 0x03;
  const layer = (b[1]! >> 1) & 0x03;
  const bitrate = (b[2]! >> 4) & 0x0f;
  const rate = (b[2]! >> 2) & 0x03;
  return version !== 1 && layer === 1 && bitrate !== 0 && bitrate !== 15 && rate !== 3;
}

function isWebm(b: Buffer): boolean {
  if (!startsWith(b, [0x1a, 0x45, 0xdf, 0xa3])) return false;
  // The EBML header's DocType element (0x42 0x82) says "webm" (Matroska files are refused).
  const head = b.subarray(0, 64);
  const at = head.indexOf(Buffer.from([0x42, 0x82]));
  return at >= 0 && head.indexOf('webm', at, 'latin1') > at && head.indexOf('webm', at, 'latin1') <= at + 4;
}

/** A binary format by magic bytes, or null. SVG is text and is decided by `looksLikeSvg` + the sanitizer. */
export function sniffBinary(head: Buffer): Exclude<FileFormat, 'svg'> | null {
  if (ascii(head, 'GIF87a') || ascii(head, 'GIF89a')) return 'gif';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpg';
  if (ascii(head, 'ftyp', 4) && MP4_BRANDS.has(head.toString('latin1', 8, 12))) return 'mp4';
  if (isWebm(head)) return 'webm';
  if (ascii(head, 'RIFF') && ascii(head, 'WAVE', 8)) return 'wav';
  if (ascii(head, 'OggS') && head[4] === 0) return 'ogg';
  if (isMp3(head)) return 'mp3';
  return null;
}

/** Text that may be an SVG document (XML declaration, comments, doctype or the svg root first). */
export function looksLikeSvg(head: Buffer): boolean {
  const text = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (!text.startsWith('<')) return false;
  return /<svg[\s>]/i.test(text);
}
