import type { Db } from '../../platform/db/database.js';
import { pipelinedTransaction } from '../../platform/db/pipelined-transaction.js';
import { publishJobWake } from '../../platform/jobs/job-wake.js';
import type { PubSub } from '../../platform/pubsub/pubsub.js';
import { appendEvents } from './event-repository.js';
import type { EventType, NewEvent, StoredEvent } from './event-types.js';

export const EVENTS_CHANNEL = 'convo:events';

/** What travels on the pub/sub: stored events (with seq) or an ephemeral one (typing, presence). */
export type BusMessage =
  | { kind: 'stored'; events: StoredEvent[] }
  | {
      kind: 'ephemeral';
      appId: string;
      audiences: string[];
      event: { type: EventType; conversationId?: number; data: Record<string, unknown> };
    };

export interface EventSink {
  emit(event: NewEvent): void;
}

export interface Realtime {
  /**
   * Runs one user action in one transaction; events emitted inside are stored at its end (same
   * transaction) and published to every node after it commits.
   */
  transaction<T>(db: Db, applicationId: string, fn: (tx: Db, events: EventSink) => Promise<T>): Promise<T>;
  publishEphemeral(message: Extract<BusMessage, { kind: 'ephemeral' }>): Promise<void>;
  /** Nudges the worker nodes to claim `queue`'s jobs now (after the enqueuing commit). */
  wakeJobs(queue: string): void;
}

declare module '../../http/route-context.js' {
  interface RouteContext {
    /** Stores and publishes the events of every user action (see docs/realtime.md). */
    realtime: Realtime;
  }
}

export function createRealtime(pubsub: PubSub, log: { warn(obj: object, msg?: string): void }): Realtime {
  const publish = async (message: BusMessage) => {
    try {
      await pubsub.publish(EVENTS_CHANNEL, message);
    } catch (err) {
      // Stored events are not lost: clients fetch them on their next resume.
      log.warn({ err }, 'event publish failed');
    }
  };
  return {
    async transaction(db, applicationId, fn) {
      let stored: StoredEvent[] = [];
      // BEGIN travels with the first statement and COMMIT with the events' append.
      const result = await pipelinedTransaction(db, async (tx, pipeline) => {
        const pending: NewEvent[] = [];
        const value = await fn(tx, { emit: (e) => pending.push(e) });
        stored = await pipeline.commitWith(() => appendEvents(tx, applicationId, pending));
        return value;
      });
      if (stored.length > 0) await publish({ kind: 'stored', events: stored });
      return result;
    },
    publishEphemeral: publish,
    wakeJobs(queue) {
      // The job is stored: a lost nudge only waits for the next poll.
      publishJobWake(pubsub, queue).catch((err: unknown) => log.warn({ err }, 'job wake failed'));
    },
  };
}
