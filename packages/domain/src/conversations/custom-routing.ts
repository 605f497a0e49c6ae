// Custom routing rows (SPEC §7 customRouting/bulk/upsert): a customer, by userId, is routed to one
// agent (their userId) or one team (its clientGroupId). Pure: reading a CSV and checking a row's
// shape; whether the agent or team exists is the server's question.

import { parseCsvFields } from '../customers';
import { findCsvColumn, splitCsvLines } from '../shared';

export const CUSTOM_ROUTE_CSV_COLUMNS = ['userId', 'agentId', 'teamId'] as const;
/** Rows in one bulk call (CSV records or JSON rows). */
export const CUSTOM_ROUTE_BATCH_MAX = 1000;
const ID_MAX = 190;

export interface CustomRouteRow {
  /** 1-based line of the CSV (header is line 1) or position in the JSON list, for the report. */
  line: number;
  userId: string;
  agentId?: string | undefined;
  teamId?: string | undefined;
}

export type CustomRouteCsvParse =
  | { ok: true; rows: CustomRouteRow[] }
  | { ok: false; code: 'EMPTY_FILE' | 'MISSING_USER_ID_COLUMN' | 'MISSING_TARGET_COLUMN'; message: string };

/** Header row then records; columns found case-insensitively and trimmed (SPEC §5). */
export function parseCustomRouteCsv(text: string): CustomRouteCsvParse {
  const lines = splitCsvLines(text.replace(/^\uFEFF/, ''));
  const headerIndex = lines.findIndex((l) => l.trim() !== '');
  if (headerIndex < 0) return { ok: false, code: 'EMPTY_FILE', message: 'The file is empty.' };
  const headers = parseCsvFields(lines[headerIndex]!).map((h) => h.trim());
  const userAt = findCsvColumn(headers, 'userId');
  const agentAt = findCsvColumn(headers, 'agentId');
  const teamAt = findCsvColumn(headers, 'teamId');
  if (userAt < 0) {
    return { ok: false, code: 'MISSING_USER_ID_COLUMN', message: 'The header row needs a userId column.' };
  }
  if (agentAt < 0 && teamAt < 0) {
    return {
      ok: false,
      code: 'MISSING_TARGET_COLUMN',
      message: 'The header row needs an agentId or a teamId column.',
    };
  }
  const rows: CustomRouteRow[] = [];
  for (let i = headerIndex + 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    const fields = parseCsvFields(line).map((f) => f.trim());
    const at = (index: number) => (index >= 0 && fields[index] ? fields[index] : undefined);
    rows.push({ line: i + 1, userId: at(userAt) ?? '', agentId: at(agentAt), teamId: at(teamAt) });
  }
  return { ok: true, rows };
}

/** What is wrong with a row's shape, or null: a customer and exactly one target. */
export function customRouteRowProblem(row: CustomRouteRow): string | null {
  if (!row.userId.trim()) return 'userId is required';
  if (row.userId.length > ID_MAX) return `userId is longer than ${ID_MAX} characters`;
  const agent = row.agentId?.trim() ?? '';
  const team = row.teamId?.trim() ?? '';
  if (agent && team) return 'Give either agentId or teamId, not both';
  if (!agent && !team) return 'agentId or teamId is required';
  if (agent.length > ID_MAX || team.length > ID_MAX)
    return `agentId and teamId are at most ${ID_MAX} characters`;
  return null;
}
