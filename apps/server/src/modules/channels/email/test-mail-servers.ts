import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';

// Real mail servers for the e-mail channel's tests: a throw-away Dovecot (Debian's dovecot-imapd)
// with its own configuration directory, port and passwd-file users (no system service), and an
// SMTP receiver (smtp-server) that checks the sender's login and delivers each mail into the
// recipients' Dovecot inboxes by IMAP APPEND, as a mail server would.

export const DOVECOT_BINARY = process.env.DOVECOT_BINARY ?? '/usr/sbin/dovecot';

/** Why the mail tests cannot run here, or null. Under CI=true the suite fails instead of skipping. */
export function dovecotMissing(): string | null {
  return existsSync(DOVECOT_BINARY)
    ? null
    : `Dovecot not found at ${DOVECOT_BINARY} (apt-get install -y dovecot-imapd): the e-mail channel tests are skipped`;
}

export const isCi = () => /^(1|true|yes)$/i.test(process.env.CI?.trim() ?? '');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface MailUser {
  address: string;
  password: string;
}

export interface TestDovecot {
  port: number;
  /** Every mail in the user's INBOX, raw, in UID order. */
  inbox(user: MailUser): Promise<{ uid: number; source: string }[]>;
  /** Puts a raw mail into the user's INBOX (as a delivery would). */
  append(user: MailUser, raw: string): Promise<void>;
  close(): Promise<void>;
}

function imapOf(port: number, user: MailUser) {
  return new ImapFlow({
    host: '127.0.0.1',
    port,
    secure: false,
    auth: { user: user.address, pass: user.password },
    logger: false,
  });
}

async function waitForPort(port: number, child: ChildProcess, logPath: string): Promise<void> {
  const until = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) {
      const log = await readFile(logPath, 'utf8').catch(() => '');
      throw new Error(`dovecot exited with ${child.exitCode}: ${log}`);
    }
    const open = await new Promise<boolean>((resolve) => {
      const socket = createServer().listen(port, '127.0.0.1');
      socket.on('listening', () => socket.close(() => resolve(false)));
      socket.on('error', () => resolve(true));
    });
    if (open) return;
    if (Date.now() > until) throw new Error('dovecot did not start listening within 15 s');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Starts Dovecot on a free port with these users (passwords in a passwd-file, plain text). */
export async function startDovecot(users: readonly MailUser[]): Promise<TestDovecot> {
  // The free port is chosen before Dovecot binds it: another process on the machine may take it in
  // between (seen with other test runs beside this one), so a taken port means another try.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startDovecotOnce(users);
    } catch (err) {
      if (attempt >= 3 || !String(err).includes('Address already in use')) throw err;
    }
  }
}

async function startDovecotOnce(users: readonly MailUser[]): Promise<TestDovecot> {
  const dir = await mkdtemp(join(tmpdir(), 'convo-dovecot-'));
  const port = await freePort();
  for (const sub of ['run', 'state', 'mail']) await mkdir(join(dir, sub));
  // Root runs the mail processes as nobody (Dovecot refuses uid 0); anyone else as themselves.
  const root = process.getuid?.() === 0;
  const me = userInfo();
  const uid = root ? 65534 : me.uid;
  const gid = root ? 65534 : me.gid;
  await chmod(dir, 0o755);
  await chmod(join(dir, 'mail'), 0o777);
  const logPath = join(dir, 'dovecot.log');
  const conf = [
    'protocols = imap',
    'listen = 127.0.0.1',
    `base_dir = ${dir}/run`,
    `state_dir = ${dir}/state`,
    `log_path = ${logPath}`,
    'ssl = no',
    'disable_plaintext_auth = no',
    'auth_mechanisms = plain login',
    `mail_location = maildir:${dir}/mail/%u`,
    'first_valid_uid = 1',
    ...(root ? [] : [`default_internal_user = ${me.username}`, `default_login_user = ${me.username}`]),
    'service imap-login {',
    '  inet_listener imap {',
    '    address = 127.0.0.1',
    `    port = ${port}`,
    '  }',
    '  inet_listener imaps {',
    '    port = 0',
    '  }',
    '  chroot =',
    '}',
    'service anvil {',
    '  chroot =',
    '}',
    'passdb {',
    '  driver = passwd-file',
    `  args = scheme=PLAIN username_format=%u ${dir}/passwd`,
    '}',
    'userdb {',
    '  driver = static',
    `  args = uid=${uid} gid=${gid} home=${dir}/mail/%u`,
    '}',
    '',
  ].join('\n');
  await writeFile(join(dir, 'dovecot.conf'), conf);
  await writeFile(join(dir, 'passwd'), users.map((u) => `${u.address}:{PLAIN}${u.password}\n`).join(''));
  const child = spawn(DOVECOT_BINARY, ['-F', '-c', join(dir, 'dovecot.conf')], { stdio: 'ignore' });
  try {
    await waitForPort(port, child, logPath);
  } catch (err) {
    child.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    port,
    async inbox(user) {
      const client = imapOf(port, user);
      await client.connect();
      const lock = await client.getMailboxLock('INBOX');
      const mails: { uid: number; source: string }[] = [];
      try {
        if (client.mailbox && client.mailbox.exists > 0) {
          for await (const msg of client.fetch('1:*', { uid: true, source: true }))
            mails.push({ uid: msg.uid, source: msg.source?.toString('utf8') ?? '' });
        }
      } finally {
        lock.release();
        await client.logout();
      }
      return mails;
    },
    async append(user, raw) {
      const client = imapOf(port, user);
      await client.connect();
      try {
        await client.append('INBOX', raw);
      } finally {
        await client.logout();
      }
    },
    async close() {
      child.kill('SIGTERM');
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null) resolve();
        else child.once('exit', () => resolve());
        setTimeout(resolve, 5000).unref();
      });
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface TestSmtp {
  port: number;
  /** What each accepted mail was sent as: the authenticated user, envelope and raw message. */
  received: { user: string; from: string; to: string[]; raw: string }[];
  close(): Promise<void>;
}

/**
 * An SMTP submission server: logins checked against `logins`; each mail is delivered to the
 * recipients that are Dovecot users (by IMAP APPEND into their INBOX).
 */
export async function startSmtpReceiver(
  logins: readonly MailUser[],
  dovecot: TestDovecot,
  mailboxes: readonly MailUser[],
): Promise<TestSmtp> {
  const received: TestSmtp['received'] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      const ok = logins.some((l) => l.address === auth.username && l.password === auth.password);
      if (!ok) {
        const err = Object.assign(new Error('Invalid username or password'), { responseCode: 535 });
        callback(err);
        return;
      }
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        received.push({ user: String(session.user ?? ''), from, to, raw });
        const targets = mailboxes.filter((m) => to.includes(m.address));
        Promise.all(targets.map((m) => dovecot.append(m, raw))).then(
          () => callback(),
          (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
        );
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Sends one mail by SMTP as a sender's mail server would (no login, no TLS) to a receiver on this
 * machine: the built-in receiver in the e2e spec, which cannot resolve nodemailer itself.
 */
export async function sendMailTo(port: number, mail: nodemailer.SendMailOptions): Promise<void> {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
  try {
    await transport.sendMail(mail);
  } finally {
    transport.close();
  }
}
