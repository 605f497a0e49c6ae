import type { Db } from '../../platform/db/database.js';
import { findConversation } from '../conversations/index.js';
import { writeSystemMessage } from '../messages/index.js';
import type { Realtime } from '../realtime/index.js';
import * as repo from './repository.js';

// A reply that failed for good, whether the provider refused the send (delivery.ts) or said so
// later in a status callback (status.ts).

/** Brand names as the team reads them in a delivery note. */
const CHANNEL_NAMES: Readonly<Record<string, string>> = {
  telegram: 'Telegram',
  line: 'LINE',
  viber: 'Viber',
  'whatsapp-cloud-api': 'WhatsApp',
  'whatsapp-twilio': 'WhatsApp',
  'whatsapp-dialog360': 'WhatsApp',
  'whatsapp-gallabox': 'WhatsApp',
  facebook: 'Messenger',
  instagram: 'Instagram',
  email: 'e-mail',
};
const channelName = (channel: string) => CHANNEL_NAMES[channel] ?? channel;

/**
 * A reply that can never go out: the row fails and the team sees why in the conversation (a
 * system line, live), so nobody believes the customer got it.
 */
export async function recordFailed(
  deps: { db: Db; realtime: Realtime },
  applicationId: string,
  row: repo.OutboxRow,
  error: string,
) {
  await deps.realtime.transaction(deps.db, applicationId, async (tx, events) => {
    await repo.finishOutbox(tx, row.id, { status: 'failed', error });
    const conv = await findConversation(tx, applicationId, row.conversationId);
    if (conv)
      await writeSystemMessage(tx, events, conv, `Not delivered on ${channelName(conv.channel)}: ${error}`, {
        CHANNEL_DELIVERY: 'failed',
        MESSAGE_ID: String(row.messageId),
      });
  });
}
