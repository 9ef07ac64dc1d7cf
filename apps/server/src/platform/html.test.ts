import { describe, expect, it } from 'vitest';
import { isBlankHtml, sanitizeHtml } from './html';

describe('sanitizeHtml', () => {
  it('keeps plain formatting and links', () => {
    const html =
      '<p><strong>점검</strong> 안내 <a href="https://example.com" target="x">보기</a></p><ul><li>하나</li></ul>';
    expect(sanitizeHtml(html)).toBe(
      '<p><strong>점검</strong> 안내 <a href="https://example.com" target="_blank" rel="noopener noreferrer">보기</a></p><ul><li>하나</li></ul>',
    );
  });

  it.each([
    ['<script>alert(1)</script>hi', 'hi'],
    ['<img src=x onerror="alert(1)">', '<img src="x">'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<p style="background:url(javascript:alert(1))">x</p>', '<p>x</p>'],
    ['<iframe src="https://evil.example"></iframe>y', 'y'],
    ['<svg onload=alert(1)>', ''],
    ['<form action="https://evil.example"><input name=a></form>z', 'z'],
    ['<div data-x="1">d</div>', '<div>d</div>'],
  ])('removes script from %s', (input, expected) => {
    expect(sanitizeHtml(input)).toBe(expected);
  });

  it('tells an empty body', () => {
    expect(isBlankHtml(sanitizeHtml('<script>x</script>'))).toBe(true);
    expect(isBlankHtml('<p> </p>')).toBe(true);
    expect(isBlankHtml('<p>ok</p>')).toBe(false);
    expect(isBlankHtml('<img src="a.png">')).toBe(false);
  });
});
