/** One mail as the mailer sends it (templates build these). */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (an alert mail's List-Unsubscribe, RFC 8058). */
  headers?: Record<string, string>;
}
