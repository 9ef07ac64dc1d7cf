/** One mail as the mailer sends it (templates build these). */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (an alert mail's List-Unsubscribe, RFC 8058). */
  headers?: Record<string, string>;
}

/** Text for an HTML mail body or page: the five characters HTML gives meaning to, escaped. */
export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
