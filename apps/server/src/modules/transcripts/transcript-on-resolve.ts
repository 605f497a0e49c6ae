import { CONVERSATION_STATUS } from '@convo/domain';
import { z } from 'zod';
import type { Db } from '../../platform/db/database.js';
import { type JobHandler, PermanentJobError } from '../../platform/jobs/job-queue.js';
import { insertMail } from '../../platform/mail/outbox-repository.js';
import { transcriptSettingsOf } from '../conversation-settings/index.js';
import * as conversations from '../conversations/index.js';
import { buildTranscript, type TranscriptSource } from './service.js';

// The job behind Settings → Conversation transcript: when a conversation is resolved, its
// transcript is mailed to the customer, the assignee and/or the extra addresses the settings name.
// The resolve enqueues the job (transcript-on-resolve-queue.ts); the worker role runs it here.

const payloadSchema = z.object({ conversationId: z.number().int().positive() });

/** Lower-cased, without duplicates, in the order given (customer, assignee, extra addresses). */
function uniqueAddresses(addresses: readonly (string | null | undefined)[]): string[] {
  const seen = new Set<string>();
  for (const a of addresses) {
    const address = a?.trim().toLowerCase();
    if (address) seen.add(address);
  }
  return [...seen];
}

/** Who the settings say should get the transcript; people without an e-mail address are skipped. */
async function recipientsOf(db: Db, conv: conversations.ConversationRow): Promise<string[]> {
  const settings = await transcriptSettingsOf(db, conv.applicationId);
  const ids = [
    settings.sendToCustomerOnResolve ? conv.customerId : null,
    settings.sendToAssigneeOnResolve ? conv.assigneeId : null,
  ].filter((id): id is string => id !== null);
  const people = await conversations.findUsersByIds(db, conv.applicationId, ids);
  const emailOf = (id: string | null) => people.find((p) => p.id === id)?.email;
  return uniqueAddresses([
    settings.sendToCustomerOnResolve ? emailOf(conv.customerId) : null,
    settings.sendToAssigneeOnResolve ? emailOf(conv.assigneeId) : null,
    ...settings.extraRecipients,
  ]);
}

/**
 * Mails the transcript of a resolved conversation to whoever the settings name now; answers the
 * addresses it was queued for (none: nothing to do). A conversation reopened since is skipped: its
 * next resolve mails the transcript then.
 */
export async function mailTranscriptOnResolve(
  deps: TranscriptSource,
  applicationId: string,
  conversationId: number,
): Promise<string[]> {
  const conv = await conversations.findConversation(deps.db, applicationId, conversationId);
  if (!conv || conv.status !== CONVERSATION_STATUS.CLOSED) return [];
  const to = await recipientsOf(deps.db, conv);
  if (to.length === 0) return [];
  const transcript = await buildTranscript(deps, applicationId, conv);
  // Queued in the outbox in one transaction and sent by the queued-mail worker: every recipient or
  // none, so the retry of a job that failed halfway does not mail the first recipients twice.
  await deps.db.transaction(async (tx) => {
    for (const address of to) {
      await insertMail(
        tx,
        {
          to: address,
          subject: transcript.subject,
          text: transcript.text,
          html: transcript.html,
          applicationId,
        },
        'queued',
      );
    }
  });
  return to;
}

export function transcriptOnResolveHandler(deps: TranscriptSource): JobHandler {
  return async (job) => {
    const payload = payloadSchema.safeParse(job.payload);
    if (!payload.success || job.applicationId === null) {
      throw new PermanentJobError('a transcript job needs an application and a conversationId');
    }
    await mailTranscriptOnResolve(deps, job.applicationId, payload.data.conversationId);
  };
}
