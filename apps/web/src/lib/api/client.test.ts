import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadUserImage } from './client';

describe('uploadUserImage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends the ticket in the Authorization header only, never in the URL (issue #7, item 7)', async () => {
    const open = vi.spyOn(XMLHttpRequest.prototype, 'open').mockImplementation(() => undefined);
    const header = vi.spyOn(XMLHttpRequest.prototype, 'setRequestHeader').mockImplementation(() => undefined);
    vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(function (this: XMLHttpRequest) {
      this.onerror?.(new ProgressEvent('error'));
    });
    const reply = await uploadUserImage('banner', { id: 'alice_01', ticket: 'SECRET-TICKET' }, new Blob(['x']));
    expect(reply.returnCode).toBe(901);
    expect(open).toHaveBeenCalledWith('POST', '/attnftmarket/api/v1/user/upload/banner/alice_01');
    expect(String(open.mock.calls[0]![1])).not.toContain('SECRET-TICKET');
    expect(header).toHaveBeenCalledWith('Authorization', 'Bearer SECRET-TICKET');
  });
});
