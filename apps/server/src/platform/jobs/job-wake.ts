import type { PubSub } from '../pubsub/pubsub.js';
import type { JobRunner } from './job-queue.js';

// A nudge from the node that committed a job to the worker nodes, so a job that must run at once
// (a bot's reply) is claimed in milliseconds rather than at the next poll. The job itself is in
// the table: a lost nudge only delays it to the poll, it never loses it.

export const JOB_WAKE_CHANNEL = 'convo:jobs-wake';

interface WakeMessage {
  queue: string;
}

/** Publishes a nudge for `queue` (call after the enqueuing transaction committed). */
export function publishJobWake(pubsub: PubSub, queue: string): Promise<void> {
  const message: WakeMessage = { queue };
  return pubsub.publish(JOB_WAKE_CHANNEL, message);
}

/** Wakes the worker of the nudged queue, whichever node enqueued to it. */
export function listenForJobWakes(pubsub: PubSub, runner: Pick<JobRunner, 'wakeFor'>): Promise<void> {
  return pubsub.subscribe(JOB_WAKE_CHANNEL, (message) => {
    const queue = (message as Partial<WakeMessage> | null)?.queue;
    if (typeof queue === 'string') runner.wakeFor(queue);
  });
}
