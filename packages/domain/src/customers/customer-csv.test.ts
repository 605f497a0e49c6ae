import { describe, expect, it } from 'vitest';
import { countCsvRecords } from '../shared';
import { parseCsvFields, parseCustomerCsv, toCsv } from './customer-csv';

describe('customer CSV', () => {
  it('finds columns case-insensitively and trimmed, skips empty lines, keeps other columns as attributes', () => {
    const text =
      '\uFEFF USERID , Email,displayname,Plan\r\n\r\nu1,a@example.com,"Ann, A.",gold\n\nu2,,Bob,\n';
    const parsed = parseCustomerCsv(text);
    expect(parsed).toEqual({
      ok: true,
      rows: [
        { line: 3, userId: 'u1', email: 'a@example.com', displayName: 'Ann, A.', metadata: { Plan: 'gold' } },
        { line: 5, userId: 'u2', displayName: 'Bob', metadata: {} },
      ],
    });
  });

  it('refuses a file without a userId column or without anything', () => {
    expect(parseCustomerCsv('name,email\nx,y')).toMatchObject({ ok: false, code: 'MISSING_USER_ID_COLUMN' });
    expect(parseCustomerCsv('\n\n')).toMatchObject({ ok: false, code: 'EMPTY_FILE' });
  });

  it('round-trips quotes and commas, and defuses spreadsheet formulas', () => {
    const csv = toCsv(
      ['userId', 'note'],
      [
        ['u"1', 'a,b'],
        ['u2', '=SUM(A1)'],
      ],
    );
    expect(csv).toBe('userId,note\r\n"u""1","a,b"\r\nu2,\'=SUM(A1)');
    expect(parseCsvFields('"u""1","a,b"')).toEqual(['u"1', 'a,b']);
  });

  it('reads 100,000 records, counting them as the SPEC §5 rule does', () => {
    const lines = ['userId,email'];
    for (let i = 0; i < 100_000; i++) lines.push(`u-${i},u${i}@example.com`, '');
    const text = lines.join('\n');
    const parsed = parseCustomerCsv(text);
    expect(parsed.ok && parsed.rows.length).toBe(100_000);
    expect(countCsvRecords(text)).toBe(100_000);
    expect(parsed.ok && parsed.rows[99_999]).toMatchObject({ line: 200_000, userId: 'u-99999' });
  });
});
