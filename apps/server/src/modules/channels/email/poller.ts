import { createHash } from 'node:crypto';
import {
  MESSAGE_CONTENT_TYPE,
  messageIdsIn,
  normalizeMessageId,
  replyReferences,
  threadCandidates,
} from '@convo/domain';
import { type ParsedMail, simpleParser } from 'mailparser';
import { AppError } from '../../../http/errors.js';
import { sanitizeArticleHtml } from '../../help-center/content-html.js';
import type { InboundMessage } from '../connector.js';
import { type InboundDeps, receivePolled } from '../inbound.js';
import * as channelRepo from '../repository.js';
import { openConfig } from '../service.js';
import type { EmailConfig } from './connector.js';
import { imapClient, imapFailure } from './mail-servers.js';
import * as repo from './repository.js';

// Inbound e-mail: every connected mailbox's INBOX is read by IMAP on an interval. Mails are read
// in UID order and the cursor (poll state) moves past each one once it is stored, so a restart
// or a failure in the middle reads nothing twice that was stored, and misses nothing; a mail read
// again anyway (UIDVALIDITY changed, state reset) is recognised by its Message-ID, the message's
// client key. Each mail joins the thread of the mail it answers (In-Reply-To / References), else
// starts one: one conversation per thread.

const KIND = 'email';
const FOLDER = 'INBOX';
/** Mails read per mailbox and poll; the rest come on the next one. */
const BATCH = 50;
const LEASE_SECONDS = 300;
/** The platform's longest message (packages/api messaging: 20 000 characters). */
const MAX_TEXT = 20_000;

export type PollDeps = InboundDeps;
/** The part of a logger the poller uses (pino's and Fastify's fit). */
export interface PollLog {
  warn(obj: object, msg: string): void;
}

/** A thread's key, short and fixed-length: from the Message-ID of its first mail. */
export const threadKeyOf = (rootMessageId: string) =>
  createHash('sha256').update(rootMessageId).digest('hex').slice(0, 32);

/** The mail's body as a message: sanitized HTML (SPEC §5 whitelist) when it has HTML, else its text. */
export function mailBody(mail: Pick<ParsedMail, 'html' | 'text'>): { text: string; contentType: number } {
  if (typeof mail.html === 'string' && mail.html.trim() !== '') {
    const html = sanitizeArticleHtml(mail.html).trim();
    if (html !== '' && html.length <= MAX_TEXT)
      return { text: html, contentType: MESSAGE_CONTENT_TYPE.TEXT_HTML };
  }
  return { text: (mail.text ?? '').trim().slice(0, MAX_TEXT), contentType: MESSAGE_CONTENT_TYPE.DEFAULT };
}

interface Mailbox {
  applicationId: string;
  config: EmailConfig;
  /** For Message-IDs of mails that have none: unique per mailbox and UID. */
  uidValidity: number;
}

/** One mail as the pipeline's messages (its body, then one per attachment), after joining its thread. */
async function toInbound(
  deps: PollDeps,
  box: Mailbox,
  uid: number,
  mail: ParsedMail,
): Promise<InboundMessage[]> {
  const from = mail.from?.value.find((a) => a.address);
  const address = from?.address?.trim().toLowerCase();
  // No sender to answer, or our own reply copied back into the inbox: nothing to store.
  if (!address || address === box.config.address.toLowerCase()) return [];
  const messageId =
    normalizeMessageId(mail.messageId) ?? `<${box.uidValidity}.${uid}@${box.config.imap.host.toLowerCase()}>`;
  const candidates = threadCandidates(mail.inReplyTo, mail.references);
  const threadKey =
    (await repo.findThreadByMessageIds(deps.db, box.applicationId, candidates)) ?? threadKeyOf(messageId);
  const subject = (mail.subject ?? '').trim().slice(0, 500);
  await repo.recordThreadMail(deps.db, {
    applicationId: box.applicationId,
    threadKey,
    messageId,
    subject,
    customerAddress: address,
    references: replyReferences(messageIdsIn(mail.references), messageId),
  });
  const common = {
    externalUserId: address,
    displayName: from?.name?.trim() || address,
    externalThreadId: threadKey,
    conversationName: subject || undefined,
  };
  const body = mailBody(mail);
  const inbound: InboundMessage[] = [];
  if (body.text !== '' || mail.attachments.length === 0)
    inbound.push({ ...common, externalMessageId: messageId, text: body.text, contentType: body.contentType });
  mail.attachments.forEach((attachment, i) => {
    inbound.push({
      ...common,
      externalMessageId: `${messageId}#${i + 1}`,
      text: '',
      media: {
        kind: 'file',
        fetch: async () => ({
          bytes: new Uint8Array(attachment.content),
          contentType: attachment.contentType || 'application/octet-stream',
          name: attachment.filename || `attachment-${i + 1}`,
        }),
      },
    });
  });
  return inbound;
}

/** The mailbox's IMAP name in the poll state: another server, user or folder starts over. */
const mailboxName = (config: EmailConfig) =>
  `${config.imap.user}@${config.imap.host}:${config.imap.port}/${FOLDER}`;

/** Reads the account's new mails; answers how many messages were stored. Throws the IMAP failure. */
async function pollOpened(
  deps: PollDeps,
  account: channelRepo.ChannelAccountRow,
  config: EmailConfig,
  state: repo.PollStateRow,
  log: PollLog,
): Promise<number> {
  const client = imapClient(config.imap);
  client.on('error', (err: unknown) => log.warn({ err, accountId: account.id }, 'IMAP connection error'));
  let stored = 0;
  try {
    await client.connect();
    const lock = await client.getMailboxLock(FOLDER);
    try {
      const opened = client.mailbox;
      const uidValidity = opened ? Number(opened.uidValidity) : 0;
      const mailbox = mailboxName(config);
      const same = state.mailbox === mailbox && state.uidValidity === uidValidity;
      let lastUid = same ? state.lastUid : 0;
      const found = await client.search({ uid: `${lastUid + 1}:*` }, { uid: true });
      const uids = (found || [])
        .filter((uid) => uid > lastUid)
        .sort((a, b) => a - b)
        .slice(0, BATCH);
      const box: Mailbox = { applicationId: account.applicationId, config, uidValidity };
      for (const uid of uids) {
        const fetched = await client.fetchOne(String(uid), { source: true }, { uid: true });
        if (fetched && fetched.source) {
          try {
            const inbound = await toInbound(deps, box, uid, await simpleParser(fetched.source));
            stored += await receivePolled(deps, account.applicationId, KIND, inbound);
          } catch (err) {
            // Our refusal of this mail's content (it can never be stored): skipped, the next one goes.
            if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
            log.warn({ err, accountId: account.id, uid }, 'mail skipped');
          }
        }
        lastUid = uid;
        await repo.savePollState(deps.db, { accountId: account.id, mailbox, uidValidity, lastUid });
      }
      if (!same && uids.length === 0)
        await repo.savePollState(deps.db, { accountId: account.id, mailbox, uidValidity, lastUid });
    } finally {
      lock.release();
    }
  } catch (err) {
    throw err instanceof AppError ? err : imapFailure(err, config.imap.host);
  } finally {
    await client.logout().catch(() => client.close());
  }
  return stored;
}

/**
 * Polls one mailbox unless another node is polling it. The outcome is the account's status in
 * the hub (an error with the server's message, or connected again).
 */
export async function pollMailbox(
  deps: PollDeps,
  account: channelRepo.ChannelAccountRow,
  log: PollLog,
): Promise<number> {
  const connector = deps.connectors.get(KIND);
  if (!connector) return 0;
  const config = openConfig(deps.appSecret, connector, account) as EmailConfig | null;
  if (config === null) {
    await channelRepo.recordProviderOutcome(deps.db, account.id, 'The mailbox must be connected again.');
    return 0;
  }
  const state = await repo.claimPoll(deps.db, account.id, LEASE_SECONDS);
  if (!state) return 0;
  try {
    const stored = await pollOpened(deps, account, config, state, log);
    await channelRepo.recordProviderOutcome(deps.db, account.id, null);
    return stored;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await channelRepo.recordProviderOutcome(deps.db, account.id, message);
    log.warn({ err, accountId: account.id }, 'mailbox poll failed');
    return 0;
  } finally {
    await repo.releasePoll(deps.db, account.id);
  }
}

/** One round over every connected mailbox; answers how many messages were stored. */
export async function pollAllMailboxes(deps: PollDeps, log: PollLog): Promise<number> {
  let stored = 0;
  for (const account of await repo.listPolledAccounts(deps.db, KIND)) {
    stored += await pollMailbox(deps, account, log);
  }
  return stored;
}

/** The worker role's timer: a round every `intervalMs`, never two at once. Answers the stop. */
export function startEmailPolling(deps: PollDeps, log: PollLog, intervalMs: number): () => void {
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const round = async () => {
    try {
      await pollAllMailboxes(deps, log);
    } catch (err) {
      log.warn({ err }, 'mail polling round failed');
    }
    if (!stopped) timer = setTimeout(round, intervalMs);
  };
  timer = setTimeout(round, intervalMs);
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
