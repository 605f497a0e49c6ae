// The browser cache of Insights' answers (SPEC §3): object store insightQA in database insightDB,
// version 2, indexed by sourceQuestion. A record's id is the application id, a separator and the
// record's own id, so one browser shared by two applications never shows one the other's answers:
// reads take only the ids under the signed-in application's prefix.

export const INSIGHT_DB_NAME = 'insightDB';
export const INSIGHT_DB_VERSION = 2;
export const INSIGHT_STORE = 'insightQA';
export const INSIGHT_SOURCE_INDEX = 'sourceQuestion';
/** Between the application id and the record id; application ids never contain it. */
export const INSIGHT_ID_SEPARATOR = '::';

/** The stored id of `recordId` for `applicationId`. */
export function insightRecordId(applicationId: string, recordId: string): string {
  return `${applicationId}${INSIGHT_ID_SEPARATOR}${recordId}`;
}

/** The record id of one question's answer over one range and time zone. */
export function insightAnswerRecordId(
  question: string,
  range: { from: number; to: number; timeZone: string },
): string {
  return `${question}@${range.from}-${range.to}@${range.timeZone}`;
}

/** The bounds of every id of `applicationId` (an IDBKeyRange.bound's lower and upper). */
export function insightIdBounds(applicationId: string): { lower: string; upper: string } {
  const prefix = `${applicationId}${INSIGHT_ID_SEPARATOR}`;
  // U+FFFF sorts after every character an id can hold, so the range holds exactly the prefix's ids.
  return { lower: prefix, upper: `${prefix}\uffff` };
}

/** Whether a stored id belongs to `applicationId` (the filter applied to every read). */
export function isInsightRecordOf(id: string, applicationId: string): boolean {
  return id.startsWith(`${applicationId}${INSIGHT_ID_SEPARATOR}`);
}
