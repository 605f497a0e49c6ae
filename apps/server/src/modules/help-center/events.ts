import type { Db } from '../../platform/db/database.js';
import { createEventBus } from '../../platform/events/event-bus.js';

// What the help center tells the rest of the server (issue 33), inside the transaction of the
// change: the bots' knowledge re-imports the published articles (subscribed in app.ts), so the
// help center imports no bot code.

export interface PublishedArticlesChanged {
  tx: Db;
  applicationId: string;
}

export interface HelpCenterEvents {
  /** An article was published, unpublished, changed while published, moved or deleted. */
  'help-center.published-changed': PublishedArticlesChanged;
}

/** The help center's events; subscribers are registered by the composition root (app.ts). */
export const helpCenterBus = createEventBus<HelpCenterEvents>();
