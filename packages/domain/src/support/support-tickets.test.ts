import { describe, expect, it } from 'vitest';
import { SUPPORT_TICKET_STATUS } from '../shared';
import { ticketReference } from './support-tickets';

describe('support tickets', () => {
  it('has the spec states: open 0, solved 2', () => {
    expect(SUPPORT_TICKET_STATUS).toEqual({ OPEN: 0, SOLVED: 2 });
  });
  it('quotes a ticket by the first six hex digits of its id', () => {
    expect(ticketReference('a1b2c3d4-0000-4000-8000-000000000000')).toBe('#A1B2C3');
  });
});
