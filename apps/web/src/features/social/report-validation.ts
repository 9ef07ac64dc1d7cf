/** The report popup's rules (spec 2, section 5): a category, and a message of 1 to 1000 characters after trimming. */
import { REPORT_MESSAGE_MAX } from '@att/shared';

export type ReportProblem = 'categoryRequired' | 'messageRequired' | 'messageTooLong';

/** Characters as the server counts them (code points of the trimmed text). */
export const reportLength = (message: string) => [...message.trim()].length;

/** The first problem of the form, checked in the order the fields appear; null when it may be sent. */
export function checkReport(categoryIdx: number | null, message: string): ReportProblem | null {
  if (categoryIdx === null) return 'categoryRequired';
  const n = reportLength(message);
  if (n === 0) return 'messageRequired';
  if (n > REPORT_MESSAGE_MAX) return 'messageTooLong';
  return null;
}
