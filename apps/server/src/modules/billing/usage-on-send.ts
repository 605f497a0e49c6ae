import { SENDER_TYPE } from '@convo/domain';
import type { Db } from '../../platform/db/database.js';
import { countNewActiveUsers, usagePeriod } from './repository.js';
import { usageMeterOf } from './usage-meter.js';

/** What usage metering needs of a batch of new messages (the "messages stored" event, app.ts). */
export interface SendsForUsage {
  applicationId: string;
  tx: Db;
  db: Db;
  now: Date;
  messages: readonly { message: { senderType: number; senderId: string | null } }[];
  afterCommit(fn: () => void): void;
}

/**
 * Usage metering (issue 19): the new messages and the end users who sent them count towards this
 * month's messages and MTU, without reading any message. A sender's first message of the month is
 * recorded in the send's transaction; the counters are added by the usage meter once it commits
 * (usage-meter.ts), not by an UPDATE per send.
 */
export async function meterStoredMessages(sends: SendsForUsage): Promise<void> {
  const endUsers = new Set<string>();
  for (const { message } of sends.messages) {
    if (message.senderType === SENDER_TYPE.USER && message.senderId !== null) endUsers.add(message.senderId);
  }
  const period = usagePeriod(sends.now);
  const mtu = await countNewActiveUsers(sends.tx, sends.applicationId, period, [...endUsers]);
  const delta = { messages: sends.messages.length, mtu };
  sends.afterCommit(() => usageMeterOf(sends.db).add(sends.applicationId, period, delta));
}
