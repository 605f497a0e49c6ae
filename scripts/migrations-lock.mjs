// Landed migrations are append-only. drizzle applies the journal's migrations whose `when` is later
// than the database's last one, so a landed migration that is renamed, renumbered, regenerated or
// removed makes an upgrade repeat it (`ADD COLUMN` of a column that exists) or skip one for good.
//
// apps/server/src/db/migrations/landed.lock.json lists every landed migration (idx, tag, when,
// breakpoints and the sha256 of its SQL, which is the hash drizzle records in __drizzle_migrations).
//
//   node scripts/migrations-lock.mjs check   every locked entry still matches its journal entry and
//                                            SQL; every lock on main's first-parent history is a
//                                            prefix of today's; under CI, every journal entry is locked
//   node scripts/migrations-lock.mjs lock    (`npm run db:lock`) appends the journal's new entries,
//                                            after the same checks; run it when a migration lands
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const MIGRATIONS_DIR = 'apps/server/src/db/migrations';
export const LOCK_PATH = `${MIGRATIONS_DIR}/landed.lock.json`;
const LOCK_ABOUT =
  'Landed migrations: append-only. `npm run db:lock` appends new ones; never edit or remove an entry.';

/** drizzle's hash of a migration: sha256 of the file's text. */
export function sha256(text) {
  return createHash('sha256').update(text).digest('hex');
}

/** The lock entry of one journal entry. */
export function lockEntryOf(journalEntry, sqlText) {
  return {
    idx: journalEntry.idx,
    tag: journalEntry.tag,
    when: journalEntry.when,
    breakpoints: journalEntry.breakpoints,
    sha256: sha256(sqlText),
  };
}

/**
 * The journal's own soundness: positions, unique tags, a SQL file per entry, no stray SQL file, and
 * `when` strictly increasing (an entry not later than the one before it is skipped on upgrade).
 * @param {{ entries: { idx: number, tag: string, when: number, breakpoints: boolean }[] }} journal
 * @param {(tag: string) => string | undefined} readSql
 * @param {string[]} sqlFileNames the `.sql` files in the folder
 */
export function journalProblems(journal, readSql, sqlFileNames) {
  const problems = [];
  const tags = new Set();
  journal.entries.forEach((e, i) => {
    if (e.idx !== i) problems.push(`journal entry ${i} (${e.tag}) has idx ${e.idx}`);
    if (tags.has(e.tag)) problems.push(`journal lists ${e.tag} twice`);
    tags.add(e.tag);
    if (readSql(e.tag) === undefined) problems.push(`journal lists ${e.tag} but ${e.tag}.sql is missing`);
    const before = journal.entries[i - 1];
    if (before && !(e.when > before.when))
      problems.push(
        `${e.tag} has when ${e.when}, not later than ${before.tag}'s ${before.when}: an upgraded database would skip it`,
      );
  });
  for (const file of sqlFileNames) {
    const tag = file.replace(/\.sql$/, '');
    if (!tags.has(tag)) problems.push(`${file} is not in the journal (drizzle never applies it)`);
  }
  return problems;
}

/** What changed in one locked migration, or null when it is intact. */
function lockedEntryProblem(locked, journalEntry, sqlText) {
  const name = `landed migration ${locked.idx} (${locked.tag})`;
  if (!journalEntry) return `${name} was removed from the journal`;
  if (journalEntry.tag !== locked.tag) return `${name} was renamed to ${journalEntry.tag}`;
  if (journalEntry.when !== locked.when)
    return `${name} changed its journal entry: when ${locked.when} → ${journalEntry.when}`;
  if (journalEntry.breakpoints !== locked.breakpoints)
    return `${name} changed its journal entry: breakpoints ${locked.breakpoints} → ${journalEntry.breakpoints}`;
  if (sqlText === undefined) return `${name}: ${locked.tag}.sql was removed`;
  const hash = sha256(sqlText);
  if (hash !== locked.sha256)
    return `${name} changed content: sha256 ${locked.sha256.slice(0, 12)}… → ${hash.slice(0, 12)}…`;
  return null;
}

/**
 * Every problem with today's migrations against the lock and the locks of earlier commits.
 * @param {object} input
 * @param {{ entries: { idx: number, tag: string, when: number, breakpoints: boolean }[] }} input.journal
 * @param {(tag: string) => string | undefined} input.readSql
 * @param {string[]} input.sqlFileNames
 * @param {{ entries: object[] } | null} input.lock today's lock (null when there is none)
 * @param {{ commit: string, lock: { entries: object[] } }[]} input.previousLocks the locks of main's history
 * @param {boolean} input.requireAllLocked under CI: a journal entry missing from the lock is an error
 * @returns {{ errors: string[], unlocked: string[] }}
 */
export function checkMigrations({ journal, readSql, sqlFileNames, lock, previousLocks, requireAllLocked }) {
  const errors = journalProblems(journal, readSql, sqlFileNames);
  const locked = lock?.entries ?? [];
  if (!lock) errors.push(`${LOCK_PATH} is missing: run npm run db:lock`);
  locked.forEach((entry, i) => {
    if (entry.idx !== i) errors.push(`lock entry ${i} (${entry.tag}) has idx ${entry.idx}`);
    const problem = lockedEntryProblem(entry, journal.entries[entry.idx], readSql(entry.tag));
    if (problem) errors.push(problem);
  });
  for (const { commit, lock: earlier } of previousLocks) {
    earlier.entries.forEach((entry, i) => {
      const now = locked[i];
      if (!now) errors.push(`${entry.tag}, landed by ${commit.slice(0, 10)}, was removed from the lock`);
      else if (JSON.stringify(now) !== JSON.stringify(entry))
        errors.push(
          `lock entry ${i} changed since ${commit.slice(0, 10)}: ${JSON.stringify(entry)} → ${JSON.stringify(now)}`,
        );
    });
  }
  const unlocked = journal.entries.slice(locked.length).map((e) => e.tag);
  if (requireAllLocked && unlocked.length > 0)
    errors.push(`not in the lock: ${unlocked.join(', ')}; run npm run db:lock once they land on main`);
  return { errors, unlocked };
}

/** The lock with the journal's entries after its last appended. */
export function appendToLock(lock, journal, readSql) {
  const entries = [...(lock?.entries ?? [])];
  for (const e of journal.entries.slice(entries.length)) entries.push(lockEntryOf(e, readSql(e.tag) ?? ''));
  return { about: LOCK_ABOUT, entries };
}

// ---------------------------------------------------------------------------------------------
// Reading the repository.

function git(root, args, input) {
  return execFileSync('git', args, {
    cwd: root,
    encoding: 'utf8',
    input,
    stdio: ['pipe', 'pipe', 'ignore'],
    maxBuffer: 64 * 1024 * 1024,
  });
}

/**
 * The distinct versions of the lock committed along HEAD's first-parent history (main's own commits
 * and merges, not a merged branch's), newest first. Empty outside git; a shallow clone's note says
 * how much history it saw.
 */
export function previousLocksFromGit(root) {
  try {
    git(root, ['rev-parse', '--verify', 'HEAD']);
  } catch {
    return { locks: [], note: 'no git history: only the lock itself is checked' };
  }
  const shallow = git(root, ['rev-parse', '--is-shallow-repository']).trim() === 'true';
  const commits = git(root, ['log', '--first-parent', '--format=%H', 'HEAD']).trim().split('\n');
  // One process for all commits: each line answers `<blob> blob <size>` or `<commit>:<path> missing`.
  const answers = git(root, ['cat-file', '--batch-check'], commits.map((c) => `${c}:${LOCK_PATH}\n`).join(''))
    .trim()
    .split('\n');
  const seen = new Set();
  const locks = [];
  answers.forEach((line, i) => {
    const [blob, type] = line.split(' ');
    if (type !== 'blob' || seen.has(blob)) return;
    seen.add(blob);
    locks.push({ commit: commits[i], lock: JSON.parse(git(root, ['cat-file', 'blob', blob])) });
  });
  return { locks, note: shallow ? `shallow clone: ${commits.length} commits of history checked` : null };
}

export function readRepository(root) {
  const dir = path.join(root, MIGRATIONS_DIR);
  const journal = JSON.parse(readFileSync(path.join(dir, 'meta', '_journal.json'), 'utf8'));
  const readSql = (tag) => {
    const file = path.join(dir, `${tag}.sql`);
    return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  };
  const sqlFileNames = readdirSync(dir).filter((f) => f.endsWith('.sql'));
  const lockFile = path.join(root, LOCK_PATH);
  const lock = existsSync(lockFile) ? JSON.parse(readFileSync(lockFile, 'utf8')) : null;
  return { journal, readSql, sqlFileNames, lock };
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const mode = process.argv[2] ?? 'check';
  if (mode !== 'check' && mode !== 'lock') {
    process.stderr.write('usage: node scripts/migrations-lock.mjs check|lock\n');
    process.exit(2);
  }
  const repo = readRepository(root);
  const history = previousLocksFromGit(root);
  const { errors, unlocked } = checkMigrations({
    ...repo,
    // The first `lock` creates the file.
    lock: mode === 'lock' ? (repo.lock ?? { entries: [] }) : repo.lock,
    previousLocks: history.locks,
    requireAllLocked: mode === 'check' && process.env.CI === 'true',
  });
  if (history.note) process.stdout.write(`migrations: ${history.note}\n`);
  if (errors.length > 0) {
    process.stderr.write(
      `Landed migrations are append-only (${LOCK_PATH}); ${errors.length} problem(s):\n` +
        errors.map((e) => `  - ${e}\n`).join('') +
        'Put a landed migration back as it was and add a new one for the change.\n',
    );
    process.exit(1);
  }
  if (mode === 'lock') {
    const next = appendToLock(repo.lock, repo.journal, repo.readSql);
    writeFileSync(path.join(root, LOCK_PATH), `${JSON.stringify(next, null, 2)}\n`);
    process.stdout.write(
      unlocked.length > 0
        ? `migrations: locked ${unlocked.join(', ')} (${next.entries.length} landed)\n`
        : `migrations: nothing new to lock (${next.entries.length} landed)\n`,
    );
    return;
  }
  const landed = repo.lock?.entries.length ?? 0;
  process.stdout.write(
    unlocked.length > 0
      ? `migrations: ${landed} landed intact; not locked yet: ${unlocked.join(', ')} (npm run db:lock when they land on main)\n`
      : `migrations: ${landed} landed intact\n`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
