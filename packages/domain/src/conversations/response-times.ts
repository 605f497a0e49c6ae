import { SENDER_TYPE } from '../messaging';

// What the statistics keep of a conversation as its messages arrive, so that reports read a few
// stored times instead of walking every message (docs/performance.md, "Analytics").

/** A conversation's response clock. */
export interface ResponseClock {
  /** The customer's first message, kept once set. */
  firstCustomerMessageAt: Date | null;
  /** The first human agent message after it, kept once set. */
  firstResponseAt: Date | null;
  /** The first customer message of the turn no human agent has answered yet. */
  unansweredSince: Date | null;
}

/** A turn a human agent answered: from its first customer message to the answer. */
export interface AnsweredTurn {
  askedAt: Date;
  answeredAt: Date;
}

/**
 * A message of `senderType` at `at`: a customer message opens a turn unless one is open; a human
 * agent message answers the open turn. Bot messages answer nothing: the figures are human
 * response times.
 */
export function afterMessageForStats(
  clock: ResponseClock,
  senderType: number,
  at: Date,
): { clock: ResponseClock; answered: AnsweredTurn | null } {
  // A new object with only the clock's fields, also when `clock` is a whole conversation row.
  const { firstCustomerMessageAt, firstResponseAt, unansweredSince } = clock;
  if (senderType === SENDER_TYPE.USER) {
    return {
      clock: {
        firstCustomerMessageAt: firstCustomerMessageAt ?? at,
        firstResponseAt,
        unansweredSince: unansweredSince ?? at,
      },
      answered: null,
    };
  }
  if (senderType !== SENDER_TYPE.HUMAN_AGENT)
    return { clock: { firstCustomerMessageAt, firstResponseAt, unansweredSince }, answered: null };
  return {
    clock: {
      firstCustomerMessageAt,
      firstResponseAt: firstResponseAt ?? (firstCustomerMessageAt ? at : null),
      unansweredSince: null,
    },
    answered: unansweredSince ? { askedAt: unansweredSince, answeredAt: at } : null,
  };
}
