import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  appendToLock,
  checkMigrations,
  LOCK_PATH,
  MIGRATIONS_DIR,
  previousLocksFromGit,
  readRepository,
  sha256,
} from './migrations-lock.mjs';

/** A journal of `tags` one second apart, with their SQL. */
function state(tags) {
  const sql = new Map(tags.map((t) => [t, `create table t_${t};`]));
  const journal = {
    entries: tags.map((tag, idx) => ({
      idx,
      version: '7',
      when: 1_000_000 + idx * 1000,
      tag,
      breakpoints: true,
    })),
  };
  return { journal, sql };
}

function check(s, lock, extra = {}) {
  return checkMigrations({
    journal: s.journal,
    readSql: (tag) => s.sql.get(tag),
    sqlFileNames: [...s.sql.keys()].map((t) => `${t}.sql`),
    lock,
    previousLocks: [],
    requireAllLocked: false,
    ...extra,
  });
}

const landed = state(['0000_a', '0001_b', '0002_c']);
const lock = appendToLock(null, landed.journal, (t) => landed.sql.get(t));

describe('landed migrations are append-only', () => {
  it('accepts the locked set as it is, and new migrations appended after it', () => {
    expect(check(landed, lock)).toEqual({ errors: [], unlocked: [] });
    const next = state(['0000_a', '0001_b', '0002_c', '0003_d']);
    expect(check(next, lock)).toEqual({ errors: [], unlocked: ['0003_d'] });
    const relocked = appendToLock(lock, next.journal, (t) => next.sql.get(t));
    expect(relocked.entries.slice(0, 3)).toEqual(lock.entries);
    expect(relocked.entries[3]).toMatchObject({
      idx: 3,
      tag: '0003_d',
      sha256: sha256('create table t_0003_d;'),
    });
    expect(check(next, relocked, { previousLocks: [{ commit: 'c1', lock }] }).errors).toEqual([]);
  });

  it('refuses a renamed landed migration', () => {
    const s = state(['0000_a', '0001_bee', '0002_c']);
    s.sql.set('0001_bee', landed.sql.get('0001_b'));
    expect(check(s, lock).errors).toEqual([expect.stringMatching(/0001_b\) was renamed to 0001_bee/)]);
  });

  it('refuses changed content', () => {
    const s = state(['0000_a', '0001_b', '0002_c']);
    s.sql.set('0001_b', 'create table t_0001_b; -- and one more thing');
    expect(check(s, lock).errors).toEqual([expect.stringMatching(/0001_b\) changed content: sha256/)]);
  });

  it('refuses a changed journal entry (when, breakpoints)', () => {
    const s = state(['0000_a', '0001_b', '0002_c']);
    s.journal.entries[1].when = 1_000_500;
    expect(check(s, lock).errors).toEqual([
      expect.stringMatching(/0001_b\) changed its journal entry: when/),
    ]);
    const t = state(['0000_a', '0001_b', '0002_c']);
    t.journal.entries[2].breakpoints = false;
    expect(check(t, lock).errors).toEqual([
      expect.stringMatching(/0002_c\) changed its journal entry: break/),
    ]);
  });

  it('refuses a removed landed migration, and a renumbered one', () => {
    const s = state(['0000_a', '0001_b']);
    expect(check(s, lock).errors).toEqual([expect.stringMatching(/0002_c\) was removed from the journal/)]);
    // A branch's migration slipped in before a landed one: everything after it moved.
    const r = state(['0000_a', '0001_x', '0002_b', '0003_c']);
    expect(check(r, lock).errors.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses a new migration whose `when` is not after the last one (an upgrade would skip it)', () => {
    const s = state(['0000_a', '0001_b', '0002_c', '0003_d']);
    s.journal.entries[3].when = 1_001_500;
    expect(check(s, lock).errors).toEqual([expect.stringMatching(/0003_d has when .* would skip it/)]);
  });

  it('refuses a stray SQL file and a journal entry without one', () => {
    const s = state(['0000_a', '0001_b', '0002_c']);
    expect(
      check(s, lock, { sqlFileNames: ['0000_a.sql', '0001_b.sql', '0002_c.sql', '0003_x.sql'] }).errors,
    ).toEqual(['0003_x.sql is not in the journal (drizzle never applies it)']);
  });

  it("refuses a lock that is not an extension of an earlier commit's lock", () => {
    const edited = { ...lock, entries: lock.entries.slice(0, 2) };
    const s = state(['0000_a', '0001_b']);
    // Removing both the migration and its lock entry passes the lock alone, never the history.
    expect(check(s, edited).errors).toEqual([]);
    expect(check(s, edited, { previousLocks: [{ commit: 'abcdef1234567', lock }] }).errors).toEqual([
      '0002_c, landed by abcdef1234, was removed from the lock',
    ]);
    const rewritten = { ...lock, entries: lock.entries.map((e) => ({ ...e, sha256: '0'.repeat(64) })) };
    expect(check(landed, rewritten, { previousLocks: [{ commit: 'c', lock }] }).errors).toHaveLength(6);
  });

  it('under CI, a journal entry missing from the lock fails', () => {
    const next = state(['0000_a', '0001_b', '0002_c', '0003_d']);
    expect(check(next, lock, { requireAllLocked: true }).errors).toEqual([
      'not in the lock: 0003_d; run npm run db:lock once they land on main',
    ]);
    expect(check(landed, null).errors).toEqual([`${LOCK_PATH} is missing: run npm run db:lock`]);
  });
});

describe('the locks of git history', () => {
  const dirs = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  function write(root, s, lockValue) {
    const dir = path.join(root, MIGRATIONS_DIR);
    mkdirSync(path.join(dir, 'meta'), { recursive: true });
    writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify(s.journal));
    for (const [tag, text] of s.sql) writeFileSync(path.join(dir, `${tag}.sql`), text);
    writeFileSync(path.join(root, LOCK_PATH), JSON.stringify(lockValue));
  }

  it("finds each first-parent commit's lock, and a clean clone's check sees an edited landed entry", () => {
    const root = mkdtempSync(path.join(tmpdir(), 'convo-lock-'));
    dirs.push(root);
    const g = (...args) => execFileSync('git', args, { cwd: root, stdio: 'pipe' });
    g('init', '-q', '-b', 'main');
    g('config', 'user.email', 't@example.com');
    g('config', 'user.name', 't');
    write(root, landed, lock);
    g('add', '-A');
    g('commit', '-q', '-m', 'landed three');
    // Someone regenerates 0002_c and re-locks it in the next commit.
    const s = state(['0000_a', '0001_b', '0002_c']);
    s.sql.set('0002_c', 'create table t_other;');
    const relocked = { ...lock, entries: [...lock.entries.slice(0, 2)] };
    write(
      root,
      s,
      appendToLock(relocked, s.journal, (t) => s.sql.get(t)),
    );
    g('commit', '-q', '-am', 'regenerated');

    const { locks } = previousLocksFromGit(root);
    expect(locks).toHaveLength(2);
    const repo = readRepository(root);
    const result = checkMigrations({ ...repo, previousLocks: locks, requireAllLocked: true });
    expect(result.errors).toEqual([expect.stringMatching(/^lock entry 2 changed since [0-9a-f]{10}/)]);
  });

  it('outside git, only the lock itself is checked', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'convo-lock-'));
    dirs.push(root);
    expect(previousLocksFromGit(root)).toEqual({
      locks: [],
      note: 'no git history: only the lock itself is checked',
    });
  });
});
