import { describe, expect, it } from 'vitest';
import { checkReport, reportLength } from './report-validation';

describe('checkReport', () => {
  it('asks for a category first, then a message, then at most 1000 characters', () => {
    expect(checkReport(null, '')).toBe('categoryRequired');
    expect(checkReport(null, 'text')).toBe('categoryRequired');
    expect(checkReport(1, '')).toBe('messageRequired');
    expect(checkReport(1, '  \n ')).toBe('messageRequired');
    expect(checkReport(1, 'x'.repeat(1001))).toBe('messageTooLong');
    expect(checkReport(1, 'x'.repeat(1000))).toBeNull();
    expect(checkReport(3, '  사기 판매자입니다.  ')).toBeNull();
  });

  it('counts code points of the trimmed text, as the server does', () => {
    expect(reportLength('  가나다  ')).toBe(3);
    expect(reportLength('😀'.repeat(1000))).toBe(1000);
    expect(checkReport(1, '😀'.repeat(1000))).toBeNull();
  });
});
