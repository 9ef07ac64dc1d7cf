/** Uploading item resources and thumbnails: formats by content, disguised files, SVG sanitizing, tickets, byte ranges. */
import { describe, expect, it } from 'vitest';
import { gif, html, jpeg, mp3, mp4, ogg, png, svg, upload, wav, webm } from '../../../../test/media';
import { alice, bob, setUpItems, t } from './items-fixture';

setUpItems();

describe('/nft/upload/resource and /thumbnail', () => {
  it('accepts every resource type by content and says its format and resource type', async () => {
    const cases = [
      [await png(), 'png', 1],
      [await jpeg(), 'jpg', 1],
      [await gif(), 'gif', 1],
      [svg(), 'svg', 1],
      [mp4(), 'mp4', 2],
      [webm(), 'webm', 2],
      [mp3(), 'mp3', 2],
      [wav(), 'wav', 2],
      [ogg(), 'ogg', 2],
    ] as const;
    for (const [file, format, resourceType] of cases) {
      const r = await upload(t, alice.auth, 'resource', file, { filename: 'whatever.bin' });
      expect(r.returnCode, format).toBe(0);
      expect(r.data).toMatchObject({ fileFormat: format, resourceType });
      expect(r.data!.fileName.endsWith(`.${format}`)).toBe(true);
    }
  });

  it('refuses a disguised file: HTML named .mp4, a script named .png, a zip', async () => {
    expect(
      (await upload(t, alice.auth, 'resource', html(), { filename: 'movie.mp4', type: 'video/mp4' })).returnCode,
    ).toBe(5);
    expect((await upload(t, alice.auth, 'resource', Buffer.from('alert(1)'), { filename: 'a.png' })).returnCode).toBe(
      5,
    );
    expect(
      (await upload(t, alice.auth, 'resource', Buffer.from('PK\u0003\u0004zip'), { filename: 'a.webm' })).returnCode,
    ).toBe(5);
    // A Matroska (not WebM) file and an M4A (audio-only MPEG-4) are not in the list either.
    const mkv = webm();
    mkv.write('mkvx', mkv.indexOf('webm'), 'latin1');
    expect((await upload(t, alice.auth, 'resource', mkv)).returnCode).toBe(5);
  });

  it('sanitizes an SVG: scripts, handlers and javascript: links are gone from the stored file', async () => {
    const evil = svg(
      '<script>alert(1)</script><a href="javascript:alert(2)"><circle r="3" onclick="alert(3)"/></a><foreignObject><iframe src="https://x"/></foreignObject>',
    );
    const r = await upload(
      t,
      alice.auth,
      'resource',
      Buffer.from(evil.toString().replace('<svg ', '<svg onload="alert(4)" ')),
    );
    expect(r.returnCode).toBe(0);
    const served = await t.app.inject({ method: 'GET', url: `/cdn/item/resource/${r.data!.fileName}` });
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['content-security-policy']).toMatch(/sandbox/);
    expect(served.headers['content-security-policy']).not.toMatch(/script-src/);
    expect(served.body).toContain('<circle');
    expect(served.body).not.toMatch(/script|onload|onclick|javascript:|foreignObject|iframe/i);
    // Text that only mentions svg, and an entity bomb, are refused.
    expect((await upload(t, alice.auth, 'resource', Buffer.from('<p>hello <svg></svg></p>'))).returnCode).toBe(5);
    const bomb =
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa">]><svg xmlns="http://www.w3.org/2000/svg">&a;</svg>';
    expect((await upload(t, alice.auth, 'resource', Buffer.from(bomb))).returnCode).toBe(5);
  });

  it('thumbnails: gif/jpg/png/svg up to 2 MB; not video', async () => {
    expect((await upload(t, alice.auth, 'thumbnail', await png())).returnCode).toBe(0);
    expect((await upload(t, alice.auth, 'thumbnail', svg())).returnCode).toBe(0);
    expect((await upload(t, alice.auth, 'thumbnail', mp4())).returnCode).toBe(5);
    const big = Buffer.concat([await png(), Buffer.alloc(2 * 1024 * 1024)]);
    expect((await upload(t, alice.auth, 'thumbnail', big)).returnCode).toBe(5);
  });

  it('checks the ticket (27, 29) and the file part (81)', async () => {
    expect((await upload(t, { id: alice.id, ticketId: 'x' }, 'resource', await png())).returnCode).toBe(27);
    expect((await upload(t, { id: bob.id, ticketId: alice.ticketId }, 'thumbnail', await png())).returnCode).toBe(29);
    expect((await upload(t, alice.auth, 'resource', await png(), { field: 'upload' })).returnCode).toBe(81);
  });

  it('serves byte ranges (video seeking) and 416 past the end', async () => {
    const r = await upload(t, alice.auth, 'resource', mp4(10_000));
    const url = `/cdn/item/resource/${r.data!.fileName}`;
    const part = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=10-19' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${mp4(10_000).length}`);
    expect(part.rawPayload).toHaveLength(10);
    expect(part.headers['content-type']).toBe('video/mp4');
    const tail = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=-5' } });
    expect(tail.rawPayload).toHaveLength(5);
    expect((await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=999999-' } })).statusCode).toBe(416);
    expect((await t.app.inject({ method: 'GET', url: '/cdn/item/resource/..%2f..%2fpackage.json' })).statusCode).toBe(
      404,
    );
  });
});
