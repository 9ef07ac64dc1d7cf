/**
 * Sanitizes console-authored HTML (notices, FAQ answers, inquiry replies) before it is stored: DOMPurify on a
 * jsdom window, with the shared policy (SAFE_HTML_OPTIONS) the web applies again when rendering. Links that
 * open a new tab get rel="noopener noreferrer".
 */
import { SAFE_HTML_OPTIONS } from '@att/shared';
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

const { window } = new JSDOM('');
const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);

purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.getAttribute('target')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

export function sanitizeHtml(html: string): string {
  return purify.sanitize(html, { ...SAFE_HTML_OPTIONS, RETURN_TRUSTED_TYPE: false }) as string;
}

/** True when nothing readable survives sanitizing (an answer of only `<script>` is no answer). */
export function isBlankHtml(clean: string): boolean {
  const text = clean
    .replace(/<(?!img\b)[^>]*>/gi, '')
    .replace(/&nbsp;/g, ' ')
    .trim();
  return text.length === 0;
}
