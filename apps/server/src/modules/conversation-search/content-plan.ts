import type { Db } from '../../platform/db/database.js';
import { backgroundValues } from './background-values.js';
import { type ContentPlan, commonLexemeShares } from './repository.js';

// Which plan a content search uses (repository.ts, ContentPlan), from how common its words are.
// Walking conversations in the page's order wins when matches are everywhere (a word in every
// tenth message: 0.4 ms instead of 212 ms at 1,000,000 messages) and loses badly when they sit
// in a few conversations (a word in 0.5 % of messages, all of them in one 5,000-message
// conversation: 732 ms instead of 151 ms). The statistics give a word's share of messages, not
// of conversations, so the walk is kept for words common enough that they cannot all sit in a
// few conversations: 2 % of every message (docs/performance.md, "Search plans").

/** Share of messages holding the query's words above which the search walks conversations. */
export const COMMON_SHARE = 0.02;
/** How long the planner's word statistics are reused before they are read again. */
export const SHARES_TTL_MS = 10 * 60_000;

const statistics = backgroundValues<Map<string, number>>(SHARES_TTL_MS, 1);

/**
 * The words of a query as the 'simple' configuration keeps them: lower case, split at anything
 * that is not a letter or a digit. Close enough to PostgreSQL's parser for choosing a plan; the
 * query itself is still parsed by PostgreSQL.
 */
export function lexemesOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
}

/** The plan for these words given each word's share of messages (words not listed are rare). */
export function planFor(words: readonly string[], shares: ReadonlyMap<string, number>): ContentPlan {
  if (words.length === 0) return 'by-match';
  // Every word must be in the message: taken as independent, their shares multiply.
  let share = 1;
  for (const w of words) share *= shares.get(w) ?? 0;
  return share >= COMMON_SHARE ? 'by-conversation' : 'by-match';
}

/**
 * The plan for a content search. The statistics are read in the background and reused for
 * SHARES_TTL_MS, so a search never waits for them: until they have arrived it is `by-match`,
 * the planner's own choice.
 */
export function chooseContentPlan(db: Db, content: string, now = Date.now()): ContentPlan {
  const shares = statistics.get(db, 'shares', () => commonLexemeShares(db), now);
  return shares ? planFor(lexemesOf(content), shares) : 'by-match';
}

/** Waits for a statistics read in progress (tests). */
export async function contentPlanSettled(db: Db): Promise<void> {
  await statistics.settled(db);
}
