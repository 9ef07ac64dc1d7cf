/** Media a journey uploads: a PNG made with sharp, and a real WebM the browser records itself. */
import type { Page } from 'playwright-core';
import sharp from 'sharp';

/** A `width` x `height` PNG of colour `rgb` with a light circle. */
export async function png(width: number, height: number, rgb: [number, number, number]): Promise<Buffer> {
  const [r, g, b] = rgb;
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <rect width="100%" height="100%" fill="rgb(${r},${g},${b})"/>
      <circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="white" opacity="0.6"/>
    </svg>`,
  );
  return sharp(svg).png().toBuffer();
}

/** A real WebM video, recorded in the page from an animated canvas with MediaRecorder. */
export async function recordWebm(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    const g = canvas.getContext('2d')!;
    const stream = canvas.captureStream(30);
    const recorder = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp8', videoBitsPerSecond: 2_500_000 });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => chunks.push(e.data);
    const stopped = new Promise((r) => (recorder.onstop = r));
    recorder.start();
    const started = performance.now();
    await new Promise<void>((done) => {
      const frame = () => {
        const t = performance.now() - started;
        for (let i = 0; i < 400; i++) {
          g.fillStyle = `hsl(${(i * 37 + t / 3) % 360} 80% ${30 + ((i * 13) % 50)}%)`;
          g.fillRect((i * 53 + t) % 320, (i * 31) % 240, 16, 16);
        }
        if (t < 1500) requestAnimationFrame(frame);
        else done();
      };
      frame();
    });
    recorder.stop();
    await stopped;
    const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
    let s = '';
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(s);
  });
  return Buffer.from(base64, 'base64');
}
