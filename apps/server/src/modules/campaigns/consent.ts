import { campaignConsentOf, SENDER_TYPE } from '@convo/domain';
import type { Db } from '../../platform/db/database.js';
import * as repo from './repository.js';

// Subscribed to the send path's "messages stored" event (app.ts): a customer who answers STOP on a
// messaging channel is opted out of campaigns in the same transaction, and START takes it back.
// Widget conversations are left alone: the keyword is a channel (SMS, WhatsApp) convention.

export interface SendsForConsent {
  applicationId: string;
  tx: Db;
  messages: readonly {
    message: { senderId: string | null; senderType: number; message: string };
    conversationAtSend: { channel: string };
  }[];
}

export async function consentOfStoredMessages(sends: SendsForConsent): Promise<void> {
  for (const { message, conversationAtSend } of sends.messages) {
    if (message.senderType !== SENDER_TYPE.USER || message.senderId === null) continue;
    if (conversationAtSend.channel === 'web') continue;
    const consent = campaignConsentOf(message.message);
    if (consent === 'stop') await repo.setOptOut(sends.tx, sends.applicationId, message.senderId, 'stop');
    if (consent === 'start') await repo.clearOptOut(sends.tx, sends.applicationId, message.senderId);
  }
}
