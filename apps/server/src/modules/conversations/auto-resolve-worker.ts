import type { FastifyBaseLogger } from 'fastify';
import { autoResolveDue, type MessagingDeps } from './service.js';

/** The worker role's periodic sweep; safe on several nodes (rows are locked and re-checked). */
export function startAutoResolve(
  deps: MessagingDeps,
  log: FastifyBaseLogger,
  intervalMs = 60_000,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    autoResolveDue(deps)
      .then((n) => {
        if (n > 0) log.info({ resolved: n }, 'auto-resolved conversations');
      })
      .catch((err: unknown) => log.warn({ err }, 'auto-resolve sweep failed'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
