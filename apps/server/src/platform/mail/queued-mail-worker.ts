import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from './mailer.js';

const INTERVAL_MS = 5_000;

/**
 * The worker role sends the mail that business transactions queued (e.g. "assigned to you"), every
 * few seconds, until the queue is empty. Without SMTP there is nothing to send: the dev mailbox
 * shows those mails. Returns the stop function.
 */
export function startQueuedMailWorker(mailer: Mailer, log: FastifyBaseLogger): () => void {
  if (mailer.local) return () => {};
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    (async () => {
      while ((await mailer.deliverQueued()) > 0) {}
    })()
      .catch((err: unknown) => log.warn({ err }, 'queued mail delivery failed'))
      .finally(() => {
        running = false;
      });
  }, INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
