import type { PresenceState } from '@convo/domain';
import type { Db } from '../../platform/db/database.js';
import { createEventBus } from '../../platform/events/event-bus.js';

// What accounts tell the rest of the server (issue 33), inside the transaction of the change: the
// teammate login tables (analytics) record a member's presence when a dashboard session starts or
// ends; analytics subscribes in app.ts, so accounts imports it not.

export interface PresenceChanged {
  tx: Db;
  applicationId: string;
  userId: string;
  presence: PresenceState;
}

export interface AccountEvents {
  'account.presence-changed': PresenceChanged;
}

/** The accounts' events; subscribers are registered by the composition root (app.ts). */
export const accountBus = createEventBus<AccountEvents>();
