import type { users } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';
import { accountBus } from './events.js';
import * as repo from './repository.js';

/**
 * Writes a user and tells the "user created" subscribers with the same handle: the front door's
 * `insertUser`, so every module that makes a user (widget and SDK registration, channels, the
 * messaging API, invitations) raises the event without knowing who listens.
 */
export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<repo.UserRow> {
  const row = await repo.insertUser(db, values);
  await accountBus.emit('user.created', { tx: db, user: row });
  return row;
}
