import {
  type FallbackType,
  fillPlaceholders,
  type Language,
  MESSAGE_CONTENT_TYPE,
  messagesToMail,
} from '@convo/domain';
import { z } from 'zod';
import type { Db } from '../../platform/db/database.js';
import type { Job, JobHandler } from '../../platform/jobs/job-queue.js';
import { insertMail } from '../../platform/mail/outbox-repository.js';
import { customerLanguage, fallbackWords } from './fallback-words.js';
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

function lineOf(m: Missed, fileWord: string): string {
  const file = m.fileMeta && typeof m.fileMeta.name === 'string' ? `[${fileWord}: ${m.fileMeta.name}]` : '';
  const text = m.contentType === MESSAGE_CONTENT_TYPE.TEXT_HTML ? plainText(m.message) : m.message.trim();
  return [text, file].filter((part) => part !== '').join('\n');
}

/** The mail's subject and text in `language`: each missed message with its sender and time (UTC). */
export function fallbackMail(
  type: FallbackType,
  conversation: { applicationName: string; customerName: string },
  missed: readonly Missed[],
  language: Language = 'en',
): { subject: string; text: string } {
  const words = fallbackWords(language);
  const app = conversation.applicationName || words.ourTeam;
  const greeting = conversation.customerName
    ? fillPlaceholders(words.greetingNamed, { name: conversation.customerName })
    : words.greeting;
  const blocks = missed.map((m) => {
    const when = m.createdAt.toISOString().slice(0, 16).replace('T', ' ');
    return `${m.senderName || app} (${when} UTC):\n${lineOf(m, words.file)}`;
  });
  return {
    subject: fillPlaceholders(words.subject[type], { app }),
    text: `${greeting}\n\n${words.intro[type]}\n\n${blocks.join('\n\n')}\n\n${words.closing}`,
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
      customerLanguage(await repo.customerRecentTexts(tx, conversationId, conversation.customerId)),
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
