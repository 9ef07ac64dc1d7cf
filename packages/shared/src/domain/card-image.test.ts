import { describe, expect, it } from 'vitest';
import { cardImageName, hasCardImage } from './card-image';

describe('card images', () => {
  it('names the 400 px WebP of a jpg or png beside the original', () => {
    expect(cardImageName('0f3a9c.jpg')).toBe('w400/0f3a9c.webp');
    expect(cardImageName('Ab_9-x.png')).toBe('w400/Ab_9-x.webp');
    expect(hasCardImage('0f3a9c.png')).toBe(true);
  });

  it('has none for GIF, SVG, media and anything that is not a plain stored name', () => {
    for (const name of ['a.gif', 'a.svg', 'a.mp4', 'a.webp', '../a.jpg', 'a.jpg.png', 'a.JPG', 'https://x/a.jpg', '']) {
      expect(cardImageName(name), name).toBeNull();
      expect(hasCardImage(name), name).toBe(false);
    }
  });
});
