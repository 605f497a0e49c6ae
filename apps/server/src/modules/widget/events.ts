import type { Db } from '../../platform/db/database.js';
import { createEventBus } from '../../platform/events/event-bus.js';

// What the widget tells the rest of the server (issue 33's buses): a customer rated a resolved
// conversation (CSAT). The automation connector's "CSAT received" trigger subscribes in app.ts.

export interface CsatReceived {
  tx: Db;
  applicationId: string;
  conversation: { id: number; clientGroupId: string };
  /** The rating on the application's scale (SPEC §9) and the comment, if any. */
  rating: number;
  comment: string | null;
  /** The rating customer's user id (their messaging user name). */
  customerUserId: string | null;
}

export interface WidgetEvents {
  'csat.received': CsatReceived;
}

export const widgetBus = createEventBus<WidgetEvents>();
