import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Db } from '../db/database.js';
import { claimQueuedMail, insertMail, markMail, type OutgoingMail } from './outbox-repository.js';

export interface Mailer {
  /** True when mail stays in the local outbox (no SMTP): the dev mailbox page shows it. */
  readonly local: boolean;
  send(mail: OutgoingMail): Promise<void>;
  /** Sends mail queued inside transactions (nothing without SMTP); answers how many were tried. */
  deliverQueued(limit?: number): Promise<number>;
}

/**
 * Every mail is recorded in the outbox table first. With SMTP_URL it is then sent and marked;
 * without, it stays there for the development mailbox page, so a fresh machine can reset passwords.
 */
export function createMailer(db: Db, smtpUrl: string | undefined, from: string, log: Logger): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  const deliver = async (
    id: string,
    mail: { to: string; subject: string; text: string; html?: string | null },
  ) => {
    if (!transport) return;
    try {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
      });
      await markMail(db, id, 'sent');
    } catch (err) {
      log.error({ err, to: mail.to }, 'mail could not be sent');
      await markMail(db, id, 'failed', (err as Error).message);
    }
  };
  return {
    local: transport === null,
    async send(mail) {
      const id = await insertMail(db, mail, transport ? 'sending' : 'outbox');
      if (!transport) {
        log.info({ to: mail.to, subject: mail.subject }, 'mail kept in the local outbox');
        return;
      }
      await deliver(id, mail);
    },
    async deliverQueued(limit = 20) {
      if (!transport) return 0;
      const claimed = await claimQueuedMail(db, limit);
      for (const mail of claimed) await deliver(mail.id, mail);
      return claimed.length;
    },
  };
}
