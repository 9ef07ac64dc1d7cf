/** One mail as the mailer sends it (templates build these). */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}
