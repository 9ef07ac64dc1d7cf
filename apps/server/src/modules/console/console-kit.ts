/**
 * What every module's operator endpoints share: the operator of a call, sanitized HTML, the paged and saved
 * replies. The console module gates (routes are `auth: 'operator'`) and audits; each module serves its own.
 */
import { ReturnCode, pageCountOf } from '@att/shared';
import { AppError } from '../../platform/http/app-error';
import type { AuthedMember } from '../../platform/http/auth';
import { isBlankHtml, sanitizeHtml } from '../../platform/html';
import type { Operator } from './console-repository';

export const operatorOf = (m: AuthedMember): Operator => ({ memberIdx: m.memberIdx, address: m.address });

/** Sanitized HTML, or 5 when nothing readable is left. */
export function cleanHtml(html: string): string {
  const clean = sanitizeHtml(html);
  if (isBlankHtml(clean)) throw new AppError(ReturnCode.ValidationFailed, 'empty after sanitizing');
  return clean;
}

export function paged<T>(body: { pageNo: number; pageSize: number }, r: { rows: T[]; total: number }) {
  return {
    returnCode: ReturnCode.Success,
    list: r.rows,
    page: { totalRecordSize: r.total, pageNo: body.pageNo, pageCount: pageCountOf(r.total, body.pageSize) },
  };
}

export const saved = (idx: number) => ({ returnCode: ReturnCode.Success, data: { idx } });
