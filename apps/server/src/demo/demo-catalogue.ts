/**
 * A living demo catalogue for `npm start`, written through the same storage and repositories the API uses:
 * the demo members as creators, 9 collections with generated logos, banners and featured images, and 36 items
 * each (324) across every category and resource type: png, jpg, gif and svg images generated here, video
 * (webm, mp4) and audio (webm/opus, wav) with thumbnails. Some items are hidden, some multi-edition, some carry
 * unlockable content; every item carries traits (demo-traits.ts). Idempotent: a collection whose name is live already is skipped with its items.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { FILE_MIME_TYPES, ROYALTY_MAX_BPS, type FileFormat, type UploadKind } from '@att/shared';
import sharp from 'sharp';
import { renderCardImage, storeCardImage } from '../platform/media/card-image';
import { pcmWav } from './pcm-wav';
import { demoTraits } from './demo-traits';
import { membersRepo, type SeedMember } from '../modules/accounts';
import { uploadsRepo } from '../modules/catalog';
import { collectionsRepo } from '../modules/collections';
import { itemsRepo } from '../modules/items';
import type { Uses } from '../platform/deps';

export interface DemoMedia {
  /** Short video clips (webm and/or mp4) and audio (webm/opus); wav is generated here. */
  videos: { format: 'webm' | 'mp4'; data: Buffer }[];
  audio: { format: 'webm'; data: Buffer }[];
}

interface DemoCollection {
  name: string;
  description: string;
  creator: number;
  categories: number[];
  hue: number;
  royaltyBps: number;
}

const COLLECTIONS: DemoCollection[] = [
  {
    name: '서울의 밤 Seoul Nights',
    description: '네온과 비 내리는 골목, 서울의 밤을 그린 디지털 회화.',
    creator: 0,
    categories: [1],
    hue: 280,
    royaltyBps: 500,
  },
  {
    name: 'Pixel Garden',
    description: 'Generative flowers grown from a handful of pixels.',
    creator: 0,
    categories: [1, 5],
    hue: 120,
    royaltyBps: 250,
  },
  {
    name: '한글 타이포 Hangul Type',
    description: '한글 자모의 형태를 탐구하는 타이포그래피 시리즈.',
    creator: 2,
    categories: [1, 8],
    hue: 20,
    royaltyBps: 750,
  },
  {
    name: 'Sound of Jeju',
    description: '제주의 바람과 파도를 담은 사운드 아트.',
    creator: 2,
    categories: [2],
    hue: 190,
    royaltyBps: 1000,
  },
  {
    name: 'Neon Tigers',
    description: 'A pride of neon tigers roaming a virtual city.',
    creator: 0,
    categories: [3, 5],
    hue: 330,
    royaltyBps: 500,
  },
  {
    name: 'Retro Trading Cards',
    description: '80년대 감성의 트레이딩 카드 컬렉션.',
    creator: 2,
    categories: [4],
    hue: 45,
    royaltyBps: 300,
  },
  {
    name: 'Kaia Sports Club',
    description: 'Moments of play: football, baseball and e-sports.',
    creator: 0,
    categories: [6],
    hue: 210,
    royaltyBps: 200,
  },
  {
    name: 'Utility Keys',
    description: '멤버십과 이벤트 입장권으로 쓰이는 디지털 키.',
    creator: 2,
    categories: [7],
    hue: 90,
    royaltyBps: 0,
  },
  {
    name: 'Ocean Drift',
    description: 'Slow loops of waves and light, for screens that never sleep.',
    creator: 0,
    categories: [3, 8, 2],
    hue: 170,
    royaltyBps: 600,
  },
];

const ITEMS_PER_COLLECTION = 36;
const TITLES_KO = ['새벽', '파도', '골목', '별빛', '바람', '소나무', '달', '등불', '꽃길', '안개', '여름', '눈꽃'];
const TITLES_EN = [
  'Drift',
  'Bloom',
  'Echo',
  'Pulse',
  'Glow',
  'Orbit',
  'Tide',
  'Ember',
  'Prism',
  'Haze',
  'Spark',
  'Frost',
];

/** Deterministic pseudo-random numbers (mulberry32), so every start draws the same catalogue. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An abstract artwork as SVG: gradient ground, circles, a polygon and stripes in the collection's hues. */
function artSvg(seed: number, hue: number, w: number, h: number): string {
  const r = random(seed);
  const c = (dh: number, l: number) => `hsl(${(hue + dh + 360) % 360},${60 + Math.round(r() * 30)}%,${l}%)`;
  const shapes: string[] = [];
  for (let i = 0; i < 5; i++) {
    shapes.push(
      `<circle cx="${Math.round(r() * w)}" cy="${Math.round(r() * h)}" r="${Math.round((0.08 + r() * 0.25) * Math.min(w, h))}" fill="${c(r() * 80 - 40, 40 + r() * 40)}" fill-opacity="${(0.5 + r() * 0.4).toFixed(2)}"/>`,
    );
  }
  const points = Array.from(
    { length: 3 + Math.floor(r() * 4) },
    () => `${Math.round(r() * w)},${Math.round(r() * h)}`,
  ).join(' ');
  shapes.push(`<polygon points="${points}" fill="${c(180, 60)}" fill-opacity="0.55"/>`);
  for (let i = 0; i < 4; i++) {
    const y = Math.round(r() * h);
    shapes.push(
      `<rect x="0" y="${y}" width="${w}" height="${Math.round(2 + r() * 10)}" fill="${c(90, 85)}" fill-opacity="0.35"/>`,
    );
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c(0, 25)}"/>` +
    `<stop offset="1" stop-color="${c(60, 55)}"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#g)"/>${shapes.join('')}</svg>`
  );
}

/**
 * The demo's art is the same bytes on every seed: each picture and card image is made once per process and kept
 * (about 30 MB). `npm start` seeds once; an E2E worker seeds a catalogue for several stacks, and sharp made up
 * most of each seed's time.
 */
const madeOnce = new Map<string, Promise<Buffer>>();
function once(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
  let made = madeOnce.get(key);
  if (!made) {
    made = make();
    madeOnce.set(key, made);
    made.catch(() => madeOnce.delete(key));
  }
  return made;
}
const digest = (data: Buffer | string) => createHash('sha1').update(data).digest('hex');

function render(svg: string, format: 'png' | 'jpg' | 'gif'): Promise<Buffer> {
  return once(`${format}:${digest(svg)}`, () => renderNow(svg, format));
}

/** The card image of a demo file (a Buffer always: the seed stores bytes, never a stream). */
function demoCardImage(input: Buffer | Readable): Promise<Buffer> {
  return Buffer.isBuffer(input) ? once(`card:${digest(input)}`, () => renderCardImage(input)) : renderCardImage(input);
}

function renderNow(svg: string, format: 'png' | 'jpg' | 'gif'): Promise<Buffer> {
  const img = sharp(Buffer.from(svg));
  if (format === 'jpg') return img.jpeg({ quality: 82 }).toBuffer();
  if (format === 'gif') return img.gif({ colours: 64 }).toBuffer();
  return img.png({ compressionLevel: 6 }).toBuffer();
}

/** A short PCM WAV melody (8 kHz mono, `notes` of 0.25 s). */
function wavTune(seed: number): Buffer {
  const r = random(seed);
  const rate = 8000;
  const scale = [261.63, 293.66, 329.63, 392.0, 440.0, 523.25];
  const notes = Array.from({ length: 8 }, () => scale[Math.floor(r() * scale.length)]!);
  const per = rate / 4;
  const samples = per * notes.length;
  const pcm = new Int16Array(samples);
  for (let i = 0; i < samples; i++) {
    const f = notes[Math.floor(i / per)]!;
    const env = Math.min(1, ((i % per) / per) * 8) * (1 - (i % per) / per);
    pcm[i] = Math.round(Math.sin((2 * Math.PI * f * i) / rate) * 9000 * env);
  }
  return pcmWav(rate, pcm);
}

export interface DemoCatalogueResult {
  collections: number;
  items: number;
  skipped: number;
}

export async function seedDemoCatalogue(
  deps: Uses<'db' | 'now' | 'log' | 'storage'>,
  creators: readonly SeedMember[],
  media: DemoMedia,
): Promise<DemoCatalogueResult> {
  const members = [];
  for (const c of creators) {
    const m = await membersRepo(deps.db).findByAddress(c.address);
    if (m) members.push(m);
  }
  if (members.length === 0) return { collections: 0, items: 0, skipped: 0 };
  const live = new Set(
    (await collectionsRepo(deps.db).entries({ searchText: '', limit: 10_000 })).map((c) =>
      c.collectionName.toLowerCase(),
    ),
  );
  const result: DemoCatalogueResult = { collections: 0, items: 0, skipped: 0 };
  const started = deps.now().getTime();

  const cardImages: Promise<unknown>[] = [];
  async function store(memberIdx: number, kind: UploadKind, format: FileFormat, data: Buffer): Promise<string> {
    const fileName = `${randomBytes(16).toString('hex')}.${format}`;
    const folder = {
      logo: 'collection/logo',
      banner: 'collection/banner',
      featured: 'collection/featured',
      resource: 'item/resource',
      thumbnail: 'item/thumbnail',
    }[kind];
    await deps.storage.put(`${folder}/${fileName}`, data, FILE_MIME_TYPES[format]);
    // The 400 px WebP that cards and sliders show, made as an upload makes it (on sharp's threads, while the
    // seed goes on; awaited before the seed returns).
    if (kind === 'resource' || kind === 'thumbnail')
      cardImages.push(storeCardImage(deps.storage, deps.log, folder, fileName, data, demoCardImage));
    await uploadsRepo(deps.db).record(
      { fileName, memberIdx, kind, fileFormat: format, sizeBytes: data.length },
      deps.now(),
    );
    return fileName;
  }

  let serial = 0;
  for (const [ci, spec] of COLLECTIONS.entries()) {
    const creator = members[spec.creator % members.length]!;
    if (live.has(spec.name.toLowerCase())) {
      result.skipped += 1;
      continue;
    }
    const seed = 1000 * (ci + 1);
    const [logo, banner, featured] = await Promise.all([
      render(artSvg(seed + 1, spec.hue, 256, 256), 'png').then((d) => store(creator.memberIdx, 'logo', 'png', d)),
      render(artSvg(seed + 2, spec.hue, 1400, 350), 'jpg').then((d) => store(creator.memberIdx, 'banner', 'jpg', d)),
      ci % 3 === 2
        ? Promise.resolve(null)
        : render(artSvg(seed + 3, spec.hue, 600, 400), 'jpg').then((d) =>
            store(creator.memberIdx, 'featured', 'jpg', d),
          ),
    ]);
    const collectionIdx = await collectionsRepo(deps.db).create(
      creator.memberIdx,
      { name: spec.name, description: spec.description, royaltyBps: Math.min(spec.royaltyBps, ROYALTY_MAX_BPS) },
      { logo, banner, featured },
      deps.now(),
    );
    result.collections += 1;

    for (let i = 0; i < ITEMS_PER_COLLECTION; i++) {
      serial += 1;
      const r = random(seed + 100 + i);
      const slot = (i + ci) % 12;
      let resource: { format: FileFormat; data: Buffer };
      let thumbnail: Buffer | null = null;
      const art = artSvg(seed + 100 + i, spec.hue + i * 7, 480, 480);
      if (slot === 3 && media.videos.length > 0) {
        resource = media.videos[serial % media.videos.length]!;
        thumbnail = await render(art, 'jpg');
      } else if (slot === 7) {
        const audio = media.audio[serial % Math.max(1, media.audio.length)];
        resource = audio && serial % 2 === 0 ? audio : { format: 'wav', data: wavTune(seed + i) };
        thumbnail = await render(art, 'png');
      } else if (slot === 5) {
        resource = { format: 'svg', data: Buffer.from(art) };
      } else if (slot === 9) {
        resource = { format: 'gif', data: await render(art, 'gif') };
      } else {
        resource = { format: slot % 2 === 0 ? 'jpg' : 'png', data: await render(art, slot % 2 === 0 ? 'jpg' : 'png') };
      }
      const fileName = await store(creator.memberIdx, 'resource', resource.format, resource.data);
      const thumbnailFileName = thumbnail ? await store(creator.memberIdx, 'thumbnail', 'jpg', thumbnail) : null;
      const title = `${TITLES_KO[i % TITLES_KO.length]} ${TITLES_EN[(i * 5 + ci) % TITLES_EN.length]} #${i + 1}`;
      const multi = i % 5 === 1;
      const when = new Date(started - (COLLECTIONS.length * ITEMS_PER_COLLECTION - serial) * 47 * 60 * 1000);
      const { itemIdx } = await itemsRepo(deps.db).publish(
        {
          collectionIdx,
          creatorIdx: creator.memberIdx,
          creatorAddress: creator.address,
          name: title,
          description: `${spec.name} — ${i + 1}/${ITEMS_PER_COLLECTION}.\n${r() > 0.5 ? '한정판 디지털 작품입니다.' : 'A limited digital edition.'}`,
          categoryIdx: spec.categories[i % spec.categories.length]!,
          unlockedContent: i % 9 === 4 ? `https://example.com/demo/unlock/${serial}` : null,
          fileName,
          thumbnailFileName,
          totalSupply: multi ? 2 + Math.floor(r() * 99) : 1,
          traits: demoTraits(r, i),
        },
        when,
      );
      if (i % 11 === 10) await itemsRepo(deps.db).setHidden(itemIdx, creator, 1, deps.now());
      result.items += 1;
    }
  }
  await Promise.all(cardImages);
  return result;
}
