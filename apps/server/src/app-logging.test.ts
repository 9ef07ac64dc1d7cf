/** What the server writes to its log (no ticket, however the URL is spelled) and how it hides unexpected errors. */
import { API_BASE } from '@att/shared';
import { describe, expect, it } from 'vitest';
import { buildTestApp, loggedIn } from '../test/helper';

describe('logging', () => {
  it('masks the ticket of upload URLs', async () => {
    const { maskUrl } = await import('./platform/http/mask-url');
    expect(maskUrl(`${API_BASE}/user/upload/profile/alice/SECRETticket-_x`)).toBe(
      `${API_BASE}/user/upload/profile/alice/***`,
    );
    expect(maskUrl(`${API_BASE}/user/info`)).toBe(`${API_BASE}/user/info`);
  });

  it('never writes a ticket to the log, whatever the spelling of the URL (issue 7, item 7)', async () => {
    const lines: string[] = [];
    const t2 = await buildTestApp({
      config: { logLevel: 'info' },
      deps: { logStream: { write: (l) => void lines.push(l) } },
    });
    try {
      const m = await loggedIn(t2);
      const ticket = m.ticketId;
      const enc = [...ticket].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');
      const urls = [
        `${API_BASE}/user/upload/profile/${m.id}/${ticket}`,
        `${API_BASE.toUpperCase()}/USER/UPLOAD/PROFILE/${m.id}/${ticket}`,
        `${API_BASE}/user/upload/profile%2F${m.id}%2F${ticket}`,
        `${API_BASE}/user/upload/profile/${m.id}/${enc}`,
        `${API_BASE}/user/upload/profile/${m.id}/${enc.replace(/%/g, '%25')}`,
        `${API_BASE}//user//upload//profile//${m.id}//${ticket}`,
        `${API_BASE}/user/info?ticketId=${ticket}`,
        `/EmailVerify/a%40b.com/${ticket}/${m.wallet.address}`,
      ];
      for (const url of urls)
        await t2.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: '{}' });
      const log = lines.join('');
      expect(log).toContain('USER/UPLOAD');
      expect(log).not.toContain(ticket);
      expect(log).not.toContain(ticket.slice(0, 20));
      expect(log).toContain(m.wallet.address);
    } finally {
      await t2.close();
    }
  }, 90_000);
});

describe('error handler', () => {
  it('maps an unexpected error to 101 with HTTP 200 and no details', async () => {
    const t2 = await buildTestApp({
      deps: {
        now: () => {
          throw new Error('secret internal detail');
        },
      },
    });
    try {
      const r = await t2.app.inject({ method: 'POST', url: `${API_BASE}/config/front` });
      expect(r.statusCode).toBe(200);
      expect(r.body).toBe('{"returnCode":101}');
    } finally {
      await t2.close();
    }
  });
});
