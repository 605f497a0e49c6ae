import { and, eq, inArray, isNotNull, lt, lte, or, type Placeholder, sql } from 'drizzle-orm';
import { jobs } from '../../db/schema/index.js';
import { anyOf, arrayLiteral } from '../db/any-of.js';
import { type Db, rowsOf } from '../db/database.js';
import { preparedPerDatabase, preparedStatement } from '../db/prepared.js';

// The only place the jobs table is read or written. Times come from the database clock (now()), so
// several nodes agree on what is due and on when a lock has expired.

export type JobRow = typeof jobs.$inferSelect;

export interface NewJob {
  queue: string;
  applicationId: string | null;
  payload: Record<string, unknown>;
  runAt?: Date | undefined;
  maxAttempts?: number | undefined;
}

/** A duration in whole milliseconds, never negative, as the statements take it. */
const wholeMillis = (ms: number) => Math.max(0, Math.round(ms));
/** An interval of `ms` milliseconds: a value, or a built-once statement's placeholder (filled by wholeMillis). */
const millis = (ms: number | Placeholder) =>
  sql`(${typeof ms === 'number' ? wholeMillis(ms) : ms}::integer * interval '1 millisecond')`;

/**
 * The insert of one job, with or without its own number of attempts (else the column's default);
 * built once each. Jobs are mostly enqueued inside the caller's transaction (a send's, an
 * answer's), whose handle is new each time, so the text is kept here rather than by handle.
 */
function insertStatement(withMaxAttempts: boolean) {
  return preparedStatement<{
    queue: string;
    applicationId: string | null;
    payload: string;
    runAt: string | null;
    maxAttempts?: number;
  }>(() => {
    const p = sql.placeholder;
    return sql`insert into ${jobs} (queue, application_id, payload, run_at${sql.raw(withMaxAttempts ? ', max_attempts' : '')})
      values (${p('queue')}, ${p('applicationId')}, ${p('payload')}::jsonb,
        coalesce(${p('runAt')}::timestamptz, now())${withMaxAttempts ? sql`, ${p('maxAttempts')}::integer` : sql``})
      returning id`;
  });
}

const INSERT_JOB = { plain: insertStatement(false), withMaxAttempts: insertStatement(true) };

export async function insertJob(db: Db, job: NewJob): Promise<string> {
  const values = {
    queue: job.queue,
    applicationId: job.applicationId,
    payload: JSON.stringify(job.payload),
    runAt: job.runAt ? job.runAt.toISOString() : null,
  };
  const result = job.maxAttempts
    ? await INSERT_JOB.withMaxAttempts(db, { ...values, maxAttempts: job.maxAttempts })
    : await INSERT_JOB.plain(db, values);
  return rowsOf<{ id: string }>(result)[0]!.id;
}

/**
 * Claims up to `limit` jobs of the given queues in one statement: pending ones that are due, and
 * running ones whose lock has expired (their worker died). SKIP LOCKED lets several workers claim
 * side by side without ever taking the same row; each claim counts as an attempt, so a job that
 * keeps killing its worker still ends.
 */
export async function claimDueJobs(
  db: Db,
  opts: { queues: readonly string[]; limit: number; lockMs: number },
): Promise<JobRow[]> {
  if (opts.queues.length === 0 || opts.limit <= 0) return [];
  return claimQuery(db).execute({
    queues: arrayLiteral(opts.queues),
    limit: opts.limit,
    lockMs: wholeMillis(opts.lockMs),
  });
}

// Every worker runs the claim on each wake: built once per database handle (the builder cost
// more CPU than the statement).
const claimQuery = preparedPerDatabase((db) => {
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        anyOf(jobs.queue, sql.placeholder('queues'), 'text'),
        // The states as literals, not parameters: the named statement's generic plan then still
        // finds the due jobs through jobs_due_idx, whatever the table held when it was planned.
        or(
          and(sql`${jobs.status} = 'pending'`, lte(jobs.runAt, sql`now()`)),
          and(sql`${jobs.status} = 'running'`, lt(jobs.lockedUntil, sql`now()`)),
        ),
      ),
    )
    .orderBy(jobs.runAt)
    .limit(sql.placeholder('limit'))
    .for('update', { skipLocked: true });
  return db
    .update(jobs)
    .set({
      status: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      // Millisecond precision keeps the value identical once read back into a JS Date.
      lockedUntil: sql`date_trunc('milliseconds', now()) + ${millis(sql.placeholder('lockMs'))}`,
    })
    .where(inArray(jobs.id, due))
    .returning()
    .prepare('claim_due_jobs');
});

/** Marks a claimed job done; a no-op when the claim was lost (lock expired and taken again). */
export async function completeJob(db: Db, id: string, attempts: number): Promise<boolean> {
  const [done] = await completeJobs(db, [{ id, attempts }]);
  return done ?? false;
}

// Each batch of finished jobs: built once, the claims as two arrays of the same length.
const completeQuery = preparedPerDatabase((db) =>
  db
    .update(jobs)
    .set({ status: 'done', lockedUntil: null, lastError: null, finishedAt: sql`now()` })
    .where(
      and(
        sql`${jobs.status} = 'running'`,
        sql`(${jobs.id}, ${jobs.attempts}) in (select * from unnest(${sql.placeholder('ids')}::uuid[], ${sql.placeholder('attempts')}::integer[]))`,
      ),
    )
    .returning({ id: jobs.id, attempts: jobs.attempts })
    .prepare('complete_jobs'),
);

/** Marks claimed jobs done in one statement; false at the place of a claim that was lost. */
export async function completeJobs(
  db: Db,
  claims: readonly { id: string; attempts: number }[],
): Promise<boolean[]> {
  if (claims.length === 0) return [];
  const rows = await completeQuery(db).execute({
    ids: arrayLiteral(claims.map((c) => c.id)),
    attempts: arrayLiteral(claims.map((c) => c.attempts)),
  });
  const done = new Set(rows.map((r) => `${r.id}:${r.attempts}`));
  return claims.map((c) => done.has(`${c.id}:${c.attempts}`));
}

/** Puts a failed job back for another attempt after `retryInMs`, or marks it failed for good. */
export async function failJob(
  db: Db,
  id: string,
  attempts: number,
  outcome: { error: string; retryInMs: number | null },
): Promise<boolean> {
  const final = outcome.retryInMs === null;
  const rows = await db
    .update(jobs)
    .set({
      status: final ? 'failed' : 'pending',
      lockedUntil: null,
      lastError: outcome.error.slice(0, 2000),
      ...(final ? { finishedAt: sql`now()` } : { runAt: sql`now() + ${millis(outcome.retryInMs ?? 0)}` }),
    })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'running'), eq(jobs.attempts, attempts)))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Deletes finished jobs (done or failed) older than `retainMs`, at most `limit` per call. */
export async function purgeFinishedJobs(db: Db, retainMs: number, limit = 1000): Promise<number> {
  const old = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        inArray(jobs.status, ['done', 'failed']),
        isNotNull(jobs.finishedAt),
        lt(jobs.finishedAt, sql`now() - ${millis(retainMs)}`),
      ),
    )
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db.delete(jobs).where(inArray(jobs.id, old)).returning({ id: jobs.id });
  return rows.length;
}

export async function findJob(db: Db, id: string): Promise<JobRow | undefined> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
  return row;
}

/** Jobs of one queue (tests and diagnostics), oldest first. */
export async function listJobs(db: Db, queue: string, limit = 1000): Promise<JobRow[]> {
  return db.select().from(jobs).where(eq(jobs.queue, queue)).orderBy(jobs.createdAt).limit(limit);
}

/** Makes a job look abandoned by a crashed worker (tests of lock expiry). */
export async function expireLock(db: Db, id: string): Promise<void> {
  await db
    .update(jobs)
    .set({ status: 'running', lockedUntil: sql`now() - interval '1 second'` })
    .where(eq(jobs.id, id));
}

/** Of these jobs, the ones running under a lock that has not expired, with their attempt. */
export async function runningJobs(
  db: Db,
  ids: readonly string[],
): Promise<{ id: string; attempts: number }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: jobs.id, attempts: jobs.attempts })
    .from(jobs)
    .where(and(inArray(jobs.id, [...ids]), eq(jobs.status, 'running'), sql`${jobs.lockedUntil} > now()`));
}
