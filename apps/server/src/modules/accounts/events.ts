import type { Db } from '../../platform/db/database.js';
import { createEventBus } from '../../platform/events/event-bus.js';
import type { UserRow } from './repository.js';

// What accounts tell the rest of the server (issue 33's buses): a user row was written. The
// modules that react (the automation connector's "new user" trigger) subscribe in app.ts.

export interface UserCreated {
  /** The handle the user was written with (a transaction when the caller had one). */
  tx: Db;
  /** The new user: a member (role type set), a bot, or an end user of the application (null). */
  user: UserRow;
}

export interface AccountEvents {
  'user.created': UserCreated;
}

export const accountBus = createEventBus<AccountEvents>();
