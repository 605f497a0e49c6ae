import { voiceTwilioConnectRequestSchema } from '@convo/api';
import { describe, expect, it } from 'vitest';
import { agentNumbersOf } from './agent-numbers';

describe("the Voice form's agent numbers", () => {
  it('reads one number per line (or comma), drops blanks, and the contract normalises them', () => {
    const typed = ' +1 (415) 555-0111\n\n+14155550122, +44 20 7946 0958 ;';
    expect(agentNumbersOf(typed)).toEqual(['+1 (415) 555-0111', '+14155550122', '+44 20 7946 0958']);
    const parsed = voiceTwilioConnectRequestSchema.shape.agentNumbers.parse(agentNumbersOf(typed));
    expect(parsed).toEqual(['+14155550111', '+14155550122', '+442079460958']);
  });

  it('refuses none, a number without its country code, the same number twice and more than ten', () => {
    const shape = voiceTwilioConnectRequestSchema.shape.agentNumbers;
    expect(shape.safeParse(agentNumbersOf('  \n')).success).toBe(false);
    expect(shape.safeParse(agentNumbersOf('4155550111')).success).toBe(false);
    expect(shape.safeParse(agentNumbersOf('+14155550111\n+1 415 555 0111')).success).toBe(false);
    const eleven = Array.from({ length: 11 }, (_, i) => `+1415555${String(i).padStart(4, '0')}`).join('\n');
    expect(shape.safeParse(agentNumbersOf(eleven)).success).toBe(false);
  });
});
