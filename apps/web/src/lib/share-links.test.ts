import { describe, expect, it } from 'vitest';
import { shareLinks } from './share-links';

describe('shareLinks', () => {
  it('encodes the link and the text for each target', () => {
    const links = shareLinks('https://x.test/Profile/a b', 'hi & bye');
    expect(links.twitter).toBe(
      'https://twitter.com/intent/tweet?url=https%3A%2F%2Fx.test%2FProfile%2Fa%20b&text=hi%20%26%20bye',
    );
    expect(links.telegram).toBe(
      'https://t.me/share/url?url=https%3A%2F%2Fx.test%2FProfile%2Fa%20b&text=hi%20%26%20bye',
    );
    expect(links.facebook).toBe('https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fx.test%2FProfile%2Fa%20b');
  });
});
