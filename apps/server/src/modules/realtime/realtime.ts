import type { Db } from '../../platform/db/database.js';
import { pipelinedTransaction } from '../../platform/db/pipelined-transaction.js';
import { publishJobWake } from '../../platform/jobs/job-wake.js';
import type { PubSub } from '../../platform/pubsub/pubsub.js';
import { appendEvents } from './event-repository.js';
import type { EventType, NewEvent, StoredEvent } from './event-types.js';

export const EVENTS_CHANNEL = 'convo:events';

const noop = () => {};

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

/**
 * Statements a transaction sent without waiting for their answer (they travel with the ones after
 * them): its commit waits for them and fails if one did, so nothing is committed half-written.
 */
export interface InFlight {
  track(statement: Promise<unknown>): void;
  /** Runs `issue`, whose statements leave with the transaction's next one, in one write. */
  holdForNext<T>(issue: () => T): T;
}

export interface Realtime {
  /**
   * Runs one user action in one transaction; events emitted inside are stored at its end (same
   * transaction) and published to every node after it commits.
   */
  transaction<T>(
    db: Db,
    applicationId: string,
    fn: (tx: Db, events: EventSink, inFlight: InFlight) => Promise<T>,
  ): Promise<T>;
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
        const sent: Promise<unknown>[] = [];
        const inFlight: InFlight = {
          track(statement) {
            // Its failure is reported below (and aborts the transaction), never as unhandled.
            statement.catch(noop);
            sent.push(statement);
          },
          holdForNext: (issue) => pipeline.holdForNext(issue),
        };
        const value = await fn(tx, { emit: (e) => pending.push(e) }, inFlight);
        stored = await pipeline.commitWith(() => appendEvents(tx, applicationId, pending));
        // Answered before the append on a pipelined connection; elsewhere (PGlite) a failed one must
        // stop the commit even when there was no event to append.
        await Promise.all(sent);
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
