// CSV import and export of the company's customers (SPEC §5: header row, empty lines not counted,
// column lookup case-insensitive and trimmed). Pure: the dashboard parses, the server validates.

import { findCsvColumn, splitCsvLines } from '../shared';

/** Fields of one CSV line; quotes may wrap a field and "" is a quote inside one. */
export function parseCsvFields(line: string): string[] {
  const fields: string[] = [];
  let current = '';
  let inQuotes = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (inQuotes) {
      if (ch === '"' && line[i + 1] === '"') {
        current += '"';
        i++;
      } else if (ch === '"') inQuotes = false;
      else current += ch;
    } else if (ch === '"') inQuotes = true;
    else if (ch === ',') {
      fields.push(current);
      current = '';
    } else current += ch;
  }
  fields.push(current);
  return fields;
}

export const CUSTOMER_CSV_COLUMNS = ['userId', 'displayName', 'email', 'phoneNumber'] as const;

export interface CustomerCsvRow {
  /** 1-based line number in the file (the header is line 1), for the error report. */
  line: number;
  userId: string;
  displayName?: string;
  email?: string;
  phoneNumber?: string;
  /** Every other column: a custom attribute. */
  metadata: Record<string, string>;
}

export type CustomerCsvParse =
  | { ok: true; rows: CustomerCsvRow[] }
  | { ok: false; code: 'EMPTY_FILE' | 'MISSING_USER_ID_COLUMN'; message: string };

/** Reads the header and every non-empty record; the userId column is required. */
export function parseCustomerCsv(text: string): CustomerCsvParse {
  const lines = splitCsvLines(text.replace(/^\uFEFF/, ''));
  const headerIndex = lines.findIndex((l) => l.trim() !== '');
  if (headerIndex < 0) return { ok: false, code: 'EMPTY_FILE', message: 'The file is empty.' };
  const headers = parseCsvFields(lines[headerIndex]!).map((h) => h.trim());
  const at = Object.fromEntries(CUSTOMER_CSV_COLUMNS.map((c) => [c, findCsvColumn(headers, c)])) as Record<
    (typeof CUSTOMER_CSV_COLUMNS)[number],
    number
  >;
  if (at.userId < 0) {
    return { ok: false, code: 'MISSING_USER_ID_COLUMN', message: 'The header row needs a userId column.' };
  }
  const known = new Set(Object.values(at).filter((i) => i >= 0));
  const rows: CustomerCsvRow[] = [];
  for (let i = headerIndex + 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    const fields = parseCsvFields(line).map((f) => f.trim());
    const value = (index: number) =>
      index >= 0 && fields[index] !== undefined && fields[index] !== '' ? fields[index] : undefined;
    const metadata: Record<string, string> = {};
    headers.forEach((h, index) => {
      const v = value(index);
      if (!known.has(index) && h !== '' && v !== undefined) metadata[h] = v;
    });
    const row: CustomerCsvRow = { line: i + 1, userId: value(at.userId) ?? '', metadata };
    const displayName = value(at.displayName);
    const email = value(at.email);
    const phoneNumber = value(at.phoneNumber);
    if (displayName !== undefined) row.displayName = displayName;
    if (email !== undefined) row.email = email;
    if (phoneNumber !== undefined) row.phoneNumber = phoneNumber;
    rows.push(row);
  }
  return { ok: true, rows };
}

/** One CSV field, quoted when needed, a formula start defused. */
export function csvField(value: string): string {
  // A leading =, @, or + / - not followed by a plain number (a phone number stays as it is) would
  // run as a formula in a spreadsheet; a quote keeps it text.
  const formula = /^[=@]/.test(value) || (/^[+-]/.test(value) && !/^[+-][\d ]+$/.test(value));
  const safe = formula ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One CSV text from a header and rows (the export). */
export function toCsv(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  return [headers, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n');
}
