import { FALLBACK_TYPE, type FallbackType, MESSAGE_CONTENT_TYPE, messagesToMail } from '@convo/domain';
import { z } from 'zod';
import type { Db } from '../../platform/db/database.js';
import type { Job, JobHandler } from '../../platform/jobs/job-queue.js';
import { insertMail } from '../../platform/mail/outbox-repository.js';
import * as repo from './repository.js';

// The `email-fallback.send` job, due a rule's delay after the team wrote in a widget conversation:
// in one transaction, with the conversation's mark for this type locked, it takes the team's
// messages after the last ones decided for this type up to the one the job is for, keeps those
// the customer missed now (domain `messagesToMail`), moves the mark past them and queues one
// mail with them in the mail outbox (sent by the mail worker). A second job for the same messages
// finds the mark past them: each message is mailed at most once per type.

const payloadSchema = z.object({
  conversationId: z.number().int().positive(),
  messageId: z.number().int().positive(),
  fallbackType: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
});

const SUBJECT: Record<FallbackType, (app: string) => string> = {
  [FALLBACK_TYPE.MESSAGE_FORWARDING]: (app) => `New message from ${app}`,
  [FALLBACK_TYPE.UNDELIVERED]: (app) => `Messages from ${app} that did not reach you`,
  [FALLBACK_TYPE.UNREAD]: (app) => `Unread messages from ${app}`,
  [FALLBACK_TYPE.UNANSWERED]: (app) => `${app} is waiting for your answer`,
};

const INTRO: Record<FallbackType, string> = {
  [FALLBACK_TYPE.MESSAGE_FORWARDING]: 'You have a new message in your conversation with us:',
  [FALLBACK_TYPE.UNDELIVERED]: 'These messages could not reach you in the chat:',
  [FALLBACK_TYPE.UNREAD]: 'You have not read these messages in the chat yet:',
  [FALLBACK_TYPE.UNANSWERED]: 'We wrote to you in the chat and are waiting for your answer:',
};

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** An HTML message as plain text for the mail (line breaks kept, tags dropped). */
function plainText(html: string): string {
  return html
    .replace(/<br\s*\/?>|<\/(p|div|li|h[1-6])>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_m, name: string) => ENTITIES[name] ?? '')
    .trim();
}

type Missed = Awaited<ReturnType<typeof repo.messagesBetween>>[number];

function lineOf(m: Missed): string {
  const file = m.fileMeta && typeof m.fileMeta.name === 'string' ? `[File: ${m.fileMeta.name}]` : '';
  const text = m.contentType === MESSAGE_CONTENT_TYPE.TEXT_HTML ? plainText(m.message) : m.message.trim();
  return [text, file].filter((part) => part !== '').join('\n');
}

/** The mail's subject and text: each missed message with its sender and time (UTC). */
export function fallbackMail(
  type: FallbackType,
  conversation: { applicationName: string; customerName: string },
  missed: readonly Missed[],
): { subject: string; text: string } {
  const app = conversation.applicationName || 'our team';
  const greeting = conversation.customerName ? `Hi ${conversation.customerName},` : 'Hi,';
  const blocks = missed.map((m) => {
    const when = m.createdAt.toISOString().slice(0, 16).replace('T', ' ');
    return `${m.senderName || app} (${when} UTC):\n${lineOf(m)}`;
  });
  return {
    subject: SUBJECT[type](app),
    text: `${greeting}\n\n${INTRO[type]}\n\n${blocks.join('\n\n')}\n\nOpen the chat on our website to answer.`,
  };
}

/** Runs one check; answers how many messages were mailed (0: nothing missed, or decided already). */
export async function runFallbackCheck(db: Db, job: Pick<Job, 'applicationId' | 'payload'>): Promise<number> {
  const payload = payloadSchema.safeParse(job.payload);
  if (!payload.success || !job.applicationId) return 0;
  const applicationId = job.applicationId;
  const { conversationId, messageId, fallbackType } = payload.data;
  // Turned off since the message was sent: nothing goes out.
  const rule = await repo.findRule(db, applicationId, fallbackType);
  if (!rule?.enabled) return 0;
  return db.transaction(async (tx) => {
    const conversation = await repo.conversationForFallback(tx, applicationId, conversationId);
    if (!conversation?.customerId || !conversation.customerEmail) return 0;
    const mailedUpTo = await repo.lockMark(tx, applicationId, conversationId, fallbackType);
    if (mailedUpTo >= messageId) return 0;
    const progress = {
      lastDeliveredMessageId: conversation.lastDeliveredMessageId ?? 0,
      lastReadMessageId: conversation.lastReadMessageId ?? 0,
      lastCustomerMessageId: await repo.lastCustomerMessageId(tx, conversationId, conversation.customerId),
    };
    const window = await repo.messagesBetween(tx, conversationId, mailedUpTo, messageId);
    const missed = messagesToMail(fallbackType, window, progress, mailedUpTo, messageId);
    // Decided up to this message either way: what the customer got in time is not mailed later.
    await repo.setMark(tx, conversationId, fallbackType, messageId);
    if (missed.length === 0) return 0;
    const mail = fallbackMail(
      fallbackType,
      { applicationName: conversation.applicationName, customerName: conversation.customerName ?? '' },
      missed,
    );
    await insertMail(tx, { to: conversation.customerEmail, applicationId, ...mail }, 'queued');
    return missed.length;
  });
}

export function emailFallbackHandler(deps: { db: Db }): JobHandler {
  return async (job) => {
    await runFallbackCheck(deps.db, job);
  };
}
