import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SafeHtml, sanitizeHtml } from './SafeHtml';

describe('SafeHtml', () => {
  it('removes scripts, event handlers and javascript: links', () => {
    const out = sanitizeHtml(
      '<p onclick="x()">hi<script>alert(1)</script><a href="javascript:alert(1)">a</a><img src=x onerror=alert(1)></p>',
    );
    expect(out).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(out).toContain('<p>hi');
  });

  it('keeps ordinary formatting', () => {
    const { container } = render(
      <SafeHtml html="<p><strong>공지</strong> <a href='https://example.com'>link</a></p>" />,
    );
    expect(container.querySelector('strong')?.textContent).toBe('공지');
    expect(container.querySelector('a')?.getAttribute('href')).toBe('https://example.com');
  });
});
