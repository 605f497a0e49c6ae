import type { PresenceState } from '@convo/domain';
import type { Db } from '../../platform/db/database.js';
import { createEventBus } from '../../platform/events/event-bus.js';
import type { UserRow } from './repository.js';

// What accounts tell the rest of the server (issue 33), inside the transaction of the change:
// - a member's presence changed (a dashboard session started or ended): the teammate login tables
//   of analytics record it;
// - a user row was written: the automation connector's "new user" trigger.
// The modules that react subscribe in app.ts, so accounts imports none of them.

export interface PresenceChanged {
  tx: Db;
  applicationId: string;
  userId: string;
  presence: PresenceState;
}

export interface UserCreated {
  /** The handle the user was written with (a transaction when the caller had one). */
  tx: Db;
  /** The new user: a member (role type set), a bot, or an end user of the application (null). */
  user: UserRow;
}

export interface AccountEvents {
  'account.presence-changed': PresenceChanged;
  'user.created': UserCreated;
}

/** The accounts' events; subscribers are registered by the composition root (app.ts). */
export const accountBus = createEventBus<AccountEvents>();
