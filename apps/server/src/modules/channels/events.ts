import type { Db } from '../../platform/db/database.js';
import { createEventBus } from '../../platform/events/event-bus.js';

// What the channels tell the rest of the server: the provider's status callbacks about messages
// that were not conversation replies (a campaign's sends), so the module that sent them can count
// them; the channels import none of their subscribers (app.ts wires them).

export interface ChannelStatuses {
  /** The database (status callbacks arrive outside any transaction). */
  db: Db;
  applicationId: string;
  /** The channel (integration type) the callbacks came from. */
  kind: string;
  updates: readonly {
    externalMessageId: string;
    status: 'sent' | 'delivered' | 'read' | 'failed';
    error?: string | undefined;
    /** The tag the send carried (see campaignSendTag), when the provider echoes one. */
    tag?: string | undefined;
  }[];
}

export interface ChannelEvents {
  /** Status callbacks that matched no reply in the channel outbox. */
  'channel.statuses': ChannelStatuses;
}

export const channelBus = createEventBus<ChannelEvents>();
