import type { Db } from '../../platform/db/database.js';
import { backgroundValues } from './background-values.js';
import { countConversations, countTagged, type TagPlan } from './repository.js';

// Which plan a tag filter uses (repository.ts, TagPlan), from how many conversations carry the tag.
// Reading the tagged conversations first costs each of them (about 10 µs a conversation: its
// activity and its row, then the sort); walking the conversations in the page's order costs each
// conversation passed until the page is full (about 7 µs: the page's rows times how many
// conversations there are for each tagged one). Measured at 100,000 conversations, a tag on 5,882 of
// them: 60 ms read first, 3.4 ms walked; a tag on a handful would take the walk through every
// conversation (docs/performance.md, "Tag plans"). The planner cannot tell one tag from another, so
// it chose either way whatever the tag.

/** The cost of one tagged conversation read first, against one conversation walked past. */
export const TAG_FIRST_COST = 10;
export const WALK_COST = 7;
/** How far each count goes: beyond these, the answer no longer changes in practice. */
export const TAGGED_CAP = 100_000;
export const CONVERSATIONS_CAP = 2_000_000;
/** How long the counts are reused before they are read again, and for how many keys at most. */
export const COUNTS_TTL_MS = 10 * 60_000;
const CACHE_MAX = 5_000;

/** The plan for a page of `rows` given how many conversations carry the tags, of how many. */
export function tagPlanFor(tagged: number, conversations: number, rows: number): TagPlan {
  if (tagged === 0) return 'by-tag';
  const readFirst = tagged * TAG_FIRST_COST;
  const walked = Math.min(conversations, (rows * conversations) / tagged) * WALK_COST;
  return walked < readFirst ? 'by-conversation' : 'by-tag';
}

const counts = backgroundValues<number>(COUNTS_TTL_MS, CACHE_MAX);

/**
 * The plan for a tag filter of this application, or undefined (the planner's) until the counts have
 * been read once. Tenants are counted apart: the same tag name is a different tag in each.
 */
export function chooseTagPlan(
  db: Db,
  applicationId: string,
  tagNames: readonly string[],
  rows: number,
  now = Date.now(),
): TagPlan | undefined {
  const names = [...new Set(tagNames)].sort();
  const tagged = counts.get(
    db,
    JSON.stringify(['tagged', applicationId, names]),
    () => countTagged(db, applicationId, names, TAGGED_CAP),
    now,
  );
  const conversations = counts.get(
    db,
    JSON.stringify(['conversations', applicationId]),
    () => countConversations(db, applicationId, CONVERSATIONS_CAP),
    now,
  );
  return tagged === null || conversations === null ? undefined : tagPlanFor(tagged, conversations, rows);
}

/** Waits for the counts being read (tests). */
export async function tagPlanSettled(db: Db): Promise<void> {
  await counts.settled(db);
}
