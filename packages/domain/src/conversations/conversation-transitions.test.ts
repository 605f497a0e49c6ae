import { describe, expect, it } from 'vitest';
import {
  afterAssignment,
  afterCustomerMessage,
  afterNoAgentFound,
  isAgentSettableStatus,
} from './conversation-transitions.js';

describe('conversation transitions', () => {
  it('opens a new conversation on the first customer message', () => {
    expect(afterCustomerMessage(-1)).toEqual({ status: 0, reopened: false });
  });

  it('reopens a resolved conversation when the customer writes again', () => {
    expect(afterCustomerMessage(2)).toEqual({ status: 0, reopened: true });
  });

  it('keeps waiting, spam, duplicate and archived conversations where they are', () => {
    for (const s of [7, 3, 4, 5, 0, 1])
      expect(afterCustomerMessage(s)).toEqual({ status: s, reopened: false });
  });

  it('takes a conversation out of the waiting queue when an agent is assigned', () => {
    expect(afterAssignment(7)).toBe(0);
    expect(afterAssignment(2)).toBe(2);
    expect(afterAssignment(-1)).toBe(-1);
  });

  it('queues a new or open conversation when no agent is available', () => {
    expect(afterNoAgentFound(-1)).toBe(7);
    expect(afterNoAgentFound(0)).toBe(7);
    expect(afterNoAgentFound(2)).toBe(2);
  });

  it('lets agents set every state but initial and waiting', () => {
    expect([0, 1, 2, 3, 4, 5, 6].every(isAgentSettableStatus)).toBe(true);
    expect(isAgentSettableStatus(-1)).toBe(false);
    expect(isAgentSettableStatus(7)).toBe(false);
    expect(isAgentSettableStatus(42)).toBe(false);
  });
});
