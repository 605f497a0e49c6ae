import { AppError } from '../../../http/errors.js';
import type { InboundDeps } from '../inbound.js';
import * as channelRepo from '../repository.js';
import { openConfig } from '../service.js';
import type { EmailConfig } from './connector.js';
import { EMAIL_KIND, receiveMail } from './inbound-mail.js';
import { imapClient, imapFailure } from './mail-servers.js';
import * as repo from './repository.js';

// Inbound e-mail by IMAP: every connected mailbox's INBOX is read on an interval. Mails are read
// in UID order and the cursor (poll state) moves past each one once it is stored, so a restart
// or a failure in the middle reads nothing twice that was stored, and misses nothing; a mail read
// again anyway (UIDVALIDITY changed, state reset) is recognised by its Message-ID, the message's
// client key. Parsing, threading and storing are inbound-mail.ts's, shared with the SMTP receiver.

const KIND = EMAIL_KIND;
const FOLDER = 'INBOX';
/** Mails read per mailbox and poll; the rest come on the next one. */
const BATCH = 50;
const LEASE_SECONDS = 300;
/** The receiver's default (SMTP_RECEIVER_MAX_MB): a mail larger than this is never fetched. */
const DEFAULT_MAX_MAIL_BYTES = 25 * 1024 * 1024;

export type PollDeps = InboundDeps & {
  /** The largest mail read; a larger one is skipped by its IMAP size, before its bytes are fetched. */
  maxMailBytes?: number | undefined;
};
/** The part of a logger the poller uses (pino's and Fastify's fit). */
export interface PollLog {
  warn(obj: object, msg: string): void;
}

/** The mailbox's IMAP name in the poll state: another server, user or folder starts over. */
const mailboxName = (imap: Imap) => `${imap.user}@${imap.host}:${imap.port}/${FOLDER}`;
type Imap = NonNullable<EmailConfig['imap']>;

/** Reads the account's new mails; answers how many messages were stored. Throws the IMAP failure. */
async function pollOpened(
  deps: PollDeps,
  account: channelRepo.ChannelAccountRow,
  config: EmailConfig,
  imap: Imap,
  state: repo.PollStateRow,
  log: PollLog,
): Promise<number> {
  let client: Awaited<ReturnType<typeof imapClient>>;
  try {
    client = await imapClient(imap);
  } catch (err) {
    throw imapFailure(err, imap.host);
  }
  client.on('error', (err: unknown) => log.warn({ err, accountId: account.id }, 'IMAP connection error'));
  let stored = 0;
  try {
    await client.connect();
    const lock = await client.getMailboxLock(FOLDER);
    try {
      const opened = client.mailbox;
      const uidValidity = opened ? Number(opened.uidValidity) : 0;
      const mailbox = mailboxName(imap);
      const same = state.mailbox === mailbox && state.uidValidity === uidValidity;
      let lastUid = same ? state.lastUid : 0;
      const found = await client.search({ uid: `${lastUid + 1}:*` }, { uid: true });
      const uids = (found || [])
        .filter((uid) => uid > lastUid)
        .sort((a, b) => a - b)
        .slice(0, BATCH);
      const maxBytes = deps.maxMailBytes ?? DEFAULT_MAX_MAIL_BYTES;
      for (const uid of uids) {
        // The size first: a tenant's mailbox may hold a mail of any size, and its source would
        // be read into memory whole.
        const meta = await client.fetchOne(String(uid), { size: true }, { uid: true });
        const tooLarge = meta !== false && typeof meta.size === 'number' && meta.size > maxBytes;
        if (tooLarge)
          log.warn({ accountId: account.id, uid, size: meta.size }, 'mail over the size limit skipped');
        const fetched = tooLarge
          ? false
          : await client.fetchOne(String(uid), { source: true }, { uid: true });
        if (fetched !== false && fetched.source) {
          try {
            stored += await receiveMail(
              deps,
              {
                applicationId: account.applicationId,
                ownAddresses: [config.address],
                // Unique per mailbox and UID for a mail without a Message-ID.
                fallbackMessageId: `<${uidValidity}.${uid}@${imap.host.toLowerCase()}>`,
              },
              fetched.source,
            );
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
    throw err instanceof AppError ? err : imapFailure(err, imap.host);
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
  // Connected without IMAP: its mail comes through the SMTP receiver only.
  const imap = config.imap;
  if (!imap) return 0;
  const state = await repo.claimPoll(deps.db, account.id, LEASE_SECONDS);
  if (!state) return 0;
  try {
    const stored = await pollOpened(deps, account, config, imap, state, log);
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
