import { crc32, deflateSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import pino from 'pino';
import { authenticator, privilegeChecker } from '../../http/auth.js';
import { registerErrorHandling } from '../../http/errors.js';
import type { RouteContext } from '../../http/route-context.js';
import { createMailer } from '../../platform/mail/mailer.js';
import { createMemoryPubSub } from '../../platform/pubsub/pubsub.js';
import { createStorage, storageConfigFromEnv } from '../../platform/storage/storage.js';
import type { TestApp } from '../../testing/test-app.js';
import { createRealtime } from '../realtime/realtime.js';
import { TRANSCRIPT_PATHS, transcriptRoutes } from '../transcripts/routes.js';
import { ATTACHMENT_PATHS, attachmentRoutes } from './routes.js';

/**
 * The app that serves the file and transcript routes in tests: the test app itself once
 * `buildApp` registers them, else a side app on the same database, config and outbox (storage
 * under the test's DATA_DIR), with the same guards and error handling as buildApp.
 */
export async function fileRoutesApp(t: TestApp): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const registered =
    t.app.hasRoute({ method: 'POST', url: ATTACHMENT_PATHS.uploadFile }) &&
    t.app.hasRoute({ method: 'POST', url: TRANSCRIPT_PATHS.send });
  if (registered) return { app: t.app, close: async () => undefined };

  const logger = pino({ level: 'silent' });
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);
  registerErrorHandling(app);
  const db = t.database.db;
  const mailer = createMailer(db, undefined, t.config.mailFrom, logger);
  const pubsub = createMemoryPubSub();
  const ctx: RouteContext = {
    config: t.config,
    database: t.database,
    mailer,
    realtime: createRealtime(pubsub, logger),
    accounts: { db, mailer, config: t.config, log: logger },
    authenticate: authenticator(db, { membersOnly: true }),
    authenticateMessaging: authenticator(db, { membersOnly: false }),
    requirePrivilege: privilegeChecker(db),
  };
  const storage = createStorage(storageConfigFromEnv({ DATA_DIR: t.config.dataDir }));
  await app.register(attachmentRoutes(ctx, storage));
  await app.register(transcriptRoutes(ctx));
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await pubsub.close();
    },
  };
}

/** A real 1×1 PNG (signature, IHDR, IDAT, IEND), built here so the test needs no fixture file. */
export function tinyPng(rgb: [number, number, number] = [3, 180, 155]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from([0, ...rgb]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface FilePart {
  field?: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

/** A multipart/form-data body as a browser sends it. */
export function multipart(parts: FilePart[]) {
  const boundary = `----convo${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.field ?? 'file'}"; filename="${p.filename}"\r\n` +
          `Content-Type: ${p.contentType}\r\n\r\n`,
      ),
      p.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
