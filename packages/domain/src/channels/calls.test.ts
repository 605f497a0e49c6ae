import { describe, expect, it } from 'vitest';
import { CALL_METADATA, callMetadata, dialOutcome, formatCallDuration, readCallRecord } from './calls';

describe('calls', () => {
  it('a dialled call is answered only when Twilio says completed or answered', () => {
    expect(['completed', 'answered'].map(dialOutcome)).toEqual(['answered', 'answered']);
    expect(['no-answer', 'busy', 'failed', 'canceled', ''].map(dialOutcome)).toEqual([
      'missed',
      'missed',
      'missed',
      'missed',
      'missed',
    ]);
  });

  it('formats durations as a clock', () => {
    expect([0, 7, 42, 65, 725, 3723, -3, Number.NaN].map(formatCallDuration)).toEqual([
      '0:00',
      '0:07',
      '0:42',
      '1:05',
      '12:05',
      '1:02:03',
      '0:00',
      '0:00',
    ]);
  });

  it('writes and reads back a call record; other metadata is no call', () => {
    const record = {
      direction: 'inbound' as const,
      status: 'completed',
      durationSeconds: 65,
      answeredBy: '+15550001111',
      from: '+15559990000',
    };
    const metadata = callMetadata(record);
    expect(metadata).toEqual({
      CALL_DIRECTION: 'inbound',
      CALL_STATUS: 'completed',
      CALL_DURATION: 65,
      CALL_ANSWERED_BY: '+15550001111',
      CALL_FROM: '+15559990000',
    });
    expect(readCallRecord({ ...metadata, channel: 'voice-twilio' })).toEqual(record);
    const missed = callMetadata({ ...record, status: 'no-answer', durationSeconds: null, answeredBy: null });
    expect(missed[CALL_METADATA.DURATION]).toBeUndefined();
    expect(readCallRecord(missed)).toMatchObject({ durationSeconds: null, answeredBy: null });
    // Stored metadata may come back as strings.
    expect(readCallRecord({ CALL_DIRECTION: 'inbound', CALL_DURATION: '12' })?.durationSeconds).toBe(12);
    expect(readCallRecord({ channel: 'telegram' })).toBeNull();
    expect(readCallRecord(null)).toBeNull();
  });
});
