import net from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/index.js';
import { openTestDatabase, testDatabaseKinds } from '../../testing/test-database.js';
import type { Database } from '../db/database.js';
import { createMailer } from './mailer.js';
import { insertMail } from './outbox-repository.js';

/** A minimal SMTP server on loopback that accepts every mail and keeps its DATA. */
function smtpSink() {
  const received: string[] = [];
  const server = net.createServer((socket) => {
    let inData = false;
    let data = '';
    let buffer = '';
    socket.write('220 sink ready\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let newline = buffer.indexOf('\r\n');
      while (newline >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(data);
            data = '';
            socket.write('250 queued\r\n');
          } else data += `${line}\n`;
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 sink\r\n');
        else if (/^DATA/i.test(line)) {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (/^QUIT/i.test(line)) {
          socket.write('221 bye\r\n');
          socket.end();
        } else socket.write('250 ok\r\n');
        newline = buffer.indexOf('\r\n');
      }
    });
  });
  return {
    received,
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
      ),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe.each(testDatabaseKinds())('mail queued in transactions on %s', (kind) => {
  let database: Database;
  const sink = smtpSink();
  let port = 0;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    port = await sink.listen();
  });
  afterAll(async () => {
    await database?.close();
    await sink.close();
  });

  it('is sent by the worker through SMTP once, and stays in the outbox without SMTP', async () => {
    const log = pino({ level: 'silent' });
    const subject = `Queued ${Math.random().toString(36).slice(2)}`;
    await insertMail(database.db, { to: 'agent@example.com', subject, text: 'Assigned to you' }, 'queued');
    const local = createMailer(database.db, undefined, 'Convo <no-reply@convo.local>', log);
    expect(await local.deliverQueued()).toBe(0);

    const smtp = createMailer(database.db, `smtp://127.0.0.1:${port}`, 'Convo <no-reply@convo.local>', log);
    expect(await smtp.deliverQueued()).toBe(1);
    expect(await smtp.deliverQueued()).toBe(0);
    expect(sink.received.filter((m) => m.includes(subject))).toHaveLength(1);
    const rows = await database.db.select().from(mailOutbox);
    expect(rows.find((r) => r.subject === subject)?.status).toBe('sent');
  });
});
