import type { Customer, CustomerImportResult } from '@convo/api';
import { isValidEmail, toCsv, USER_STATUS, validatePhone } from '@convo/domain';
import type { AuthContext } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { Db } from '../../platform/db/database.js';
import { deleteSessionsOfUser } from '../accounts/index.js';
import * as repo from './repository.js';

// /users: the company's customers (the application's end users): list, details and attributes,
// CSV import in batches (each row checked, valid rows saved, the rest reported), bulk delete, export.

const METADATA_MAX_KEYS = 100;
const EXPORT_PAGE = 1000;
const USER_ID = /^[^\s]{1,190}$/;

function toView(u: repo.CustomerRow): Customer {
  return {
    userId: u.userId,
    displayName: u.displayName,
    email: u.email,
    phoneNumber: u.contactNumber,
    status: u.status,
    metadata: u.metadata,
    createdAtTime: u.createdAt.getTime(),
    lastSeenAtTime: u.lastLoggedInAt?.getTime() ?? null,
  };
}

export async function list(
  db: Db,
  caller: AuthContext,
  q: { search?: string | undefined; status: 'all' | 'online' | 'away'; page: number; pageSize: number },
) {
  const status =
    q.status === 'online' ? USER_STATUS.ONLINE : q.status === 'away' ? USER_STATUS.AWAY : undefined;
  const { rows, total } = await repo.listCustomers(
    db,
    caller.applicationId,
    { search: q.search || undefined, status },
    (q.page - 1) * q.pageSize,
    q.pageSize,
  );
  return { users: rows.map(toView), total, page: q.page, pageSize: q.pageSize };
}

export async function get(db: Db, caller: AuthContext, userId: string): Promise<Customer> {
  const row = await repo.findCustomer(db, caller.applicationId, userId);
  if (!row) throw notFound('User not found.');
  return toView(row);
}

export async function update(
  db: Db,
  caller: AuthContext,
  userId: string,
  change: {
    displayName?: string | undefined;
    email?: string | null | undefined;
    phoneNumber?: string | null | undefined;
    metadata?: Record<string, string> | undefined;
  },
): Promise<Customer> {
  if (change.phoneNumber) {
    const phone = validatePhone(change.phoneNumber);
    if (!phone.ok)
      throw badRequest(phone.code, phone.message, [{ path: 'phoneNumber', message: phone.message }]);
  }
  if (change.metadata && Object.keys(change.metadata).length > METADATA_MAX_KEYS) {
    throw badRequest('INVALID_PARAMETER', `A user holds at most ${METADATA_MAX_KEYS} attributes.`);
  }
  return db.transaction(async (tx) => {
    const row = await repo.findCustomer(tx, caller.applicationId, userId);
    if (!row) throw notFound('User not found.');
    await repo.updateCustomer(tx, caller.applicationId, row.id, {
      ...(change.displayName === undefined ? {} : { displayName: change.displayName }),
      ...(change.email === undefined ? {} : { email: change.email }),
      ...(change.phoneNumber === undefined ? {} : { contactNumber: change.phoneNumber || null }),
      ...(change.metadata === undefined ? {} : { metadata: change.metadata }),
    });
    return toView((await repo.findCustomer(tx, caller.applicationId, userId))!);
  });
}

interface ImportRow {
  line: number;
  userId: string;
  displayName?: string | undefined;
  email?: string | undefined;
  phoneNumber?: string | undefined;
  metadata: Record<string, string>;
}

/** The problem with one import row, or null. */
function rowProblem(r: ImportRow): string | null {
  if (r.userId.trim() === '') return 'userId is empty.';
  if (!USER_ID.test(r.userId)) return 'userId must be 1 to 190 characters without spaces.';
  if (r.displayName !== undefined && r.displayName.length > 120)
    return 'displayName is longer than 120 characters.';
  if (r.email !== undefined && !isValidEmail(r.email)) return `"${r.email}" is not a valid e-mail address.`;
  if (r.phoneNumber !== undefined) {
    const phone = validatePhone(r.phoneNumber);
    if (!phone.ok) return phone.message;
  }
  const keys = Object.keys(r.metadata);
  if (keys.length > METADATA_MAX_KEYS) return `At most ${METADATA_MAX_KEYS} attributes per user.`;
  if (keys.some((k) => k.length > 100) || Object.values(r.metadata).some((v) => v.length > 1000)) {
    return 'An attribute name is longer than 100 or a value longer than 1000 characters.';
  }
  return null;
}

/**
 * One batch of a CSV import (SPEC §7 user/import/bulk). Bad rows are reported by line and skipped;
 * the good ones are created or updated together in one transaction, so a batch is all saved or, on
 * a server failure, not at all (the dashboard then reports the whole batch).
 */
export async function importBatch(
  db: Db,
  caller: AuthContext,
  rows: readonly ImportRow[],
): Promise<CustomerImportResult> {
  const errors: CustomerImportResult['errors'] = [];
  const good = new Map<string, ImportRow>();
  for (const r of rows) {
    const problem = rowProblem(r);
    if (problem) errors.push({ line: r.line, userId: r.userId, message: problem });
    else if (good.has(r.userId)) {
      errors.push({
        line: r.line,
        userId: r.userId,
        message: `userId ${r.userId} appears twice in the file.`,
      });
    } else good.set(r.userId, r);
  }
  return db.transaction(async (tx) => {
    const found = await repo.existing(tx, caller.applicationId, [...good.keys()]);
    const known = new Map(found.map((f) => [f.userId, f]));
    const created: repo.ImportValues[] = [];
    let updated = 0;
    for (const r of good.values()) {
      const values: repo.ImportValues = {
        userId: r.userId,
        displayName: r.displayName,
        email: r.email?.toLowerCase(),
        contactNumber: r.phoneNumber,
        metadata: r.metadata,
      };
      const current = known.get(r.userId);
      if (!current) created.push(values);
      else if (current.roleType !== null) {
        errors.push({
          line: r.line,
          userId: r.userId,
          message: 'This user id belongs to a member of the team.',
        });
      } else {
        const merged = { ...current.metadata, ...r.metadata };
        if (Object.keys(merged).length > METADATA_MAX_KEYS) {
          errors.push({
            line: r.line,
            userId: r.userId,
            message: `At most ${METADATA_MAX_KEYS} attributes per user.`,
          });
          continue;
        }
        await repo.updateFromImport(tx, caller.applicationId, values, merged);
        updated += 1;
      }
    }
    const inserted = new Set(await repo.insertCustomers(tx, caller.applicationId, created));
    for (const c of created) {
      if (!inserted.has(c.userId)) {
        const line = good.get(c.userId)?.line ?? 0;
        errors.push({
          line,
          userId: c.userId,
          message: 'Created at the same moment by another import; import it again.',
        });
      }
    }
    errors.sort((a, b) => a.line - b.line);
    return { created: inserted.size, updated, errors };
  });
}

/** SPEC §7 user/delete/bulk: the users are marked deleted and their sessions end. */
export async function bulkDelete(db: Db, caller: AuthContext, userIds: readonly string[]) {
  const ids = await db.transaction(async (tx) => {
    const deleted = await repo.softDelete(tx, caller.applicationId, [...new Set(userIds)]);
    for (const id of deleted) await deleteSessionsOfUser(tx, id);
    return deleted;
  });
  if (ids.length === 0) throw notFound('None of these users exist.');
  return { deleted: ids.length };
}

/**
 * Every customer of the application deleted as `bulkDelete` deletes a list (marked deleted, their
 * sessions ended; their conversations stay for the team). One transaction; 0 when there were none.
 */
export async function deleteAll(db: Db, caller: AuthContext) {
  const ids = await db.transaction(async (tx) => {
    const deleted = await repo.softDeleteAll(tx, caller.applicationId);
    for (const id of deleted) await deleteSessionsOfUser(tx, id);
    return deleted;
  });
  return { deleted: ids.length };
}

/** Every customer as CSV: the fixed columns, then one column per attribute name seen. */
export async function exportCsv(db: Db, caller: AuthContext): Promise<string> {
  const all: repo.CustomerRow[] = [];
  let after = '';
  for (;;) {
    const page = await repo.customersAfter(db, caller.applicationId, after, EXPORT_PAGE);
    all.push(...page);
    if (page.length < EXPORT_PAGE) break;
    after = page[page.length - 1]!.userId;
  }
  const attributes = [...new Set(all.flatMap((u) => Object.keys(u.metadata)))].sort();
  const headers = ['userId', 'displayName', 'email', 'phoneNumber', ...attributes];
  return toCsv(
    headers,
    all.map((u) => [
      u.userId,
      u.displayName,
      u.email ?? '',
      u.contactNumber ?? '',
      ...attributes.map((a) => u.metadata[a] ?? ''),
    ]),
  );
}
