import { SAFE_HTML_OPTIONS } from '@att/shared';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/**
 * Sanitizes HTML that comes from the server (notices, FAQ answers, inquiry replies) before it is rendered, with
 * the same policy the server applied when the operator saved it.
 */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { ...SAFE_HTML_OPTIONS, RETURN_TRUSTED_TYPE: false });
}

export function SafeHtml({ html, className, testId }: { html: string; className?: string; testId?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <div className={className} data-testid={testId} dangerouslySetInnerHTML={{ __html: clean }} />;
}
