import { and, eq, sql } from 'drizzle-orm';
import { conversationRatings } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';

export type RatingRow = typeof conversationRatings.$inferSelect;

/** One rating per conversation: a second rating replaces the first. */
export async function upsertRating(
  db: Db,
  values: {
    applicationId: string;
    conversationId: number;
    userId: string;
    rating: number;
    comment: string | null;
    scale: 'old' | 'new';
  },
): Promise<RatingRow> {
  const [row] = await db
    .insert(conversationRatings)
    .values(values)
    .onConflictDoUpdate({
      target: conversationRatings.conversationId,
      // A new rating replaces the last one with its own scale.
      set: {
        rating: values.rating,
        scale: values.scale,
        comment: values.comment,
        userId: values.userId,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return row!;
}

export async function findRating(
  db: Db,
  applicationId: string,
  conversationId: number,
): Promise<RatingRow | undefined> {
  const [row] = await db
    .select()
    .from(conversationRatings)
    .where(
      and(
        eq(conversationRatings.applicationId, applicationId),
        eq(conversationRatings.conversationId, conversationId),
      ),
    )
    .limit(1);
  return row;
}
