// Phone calls in a conversation (SPEC §3 content types 102 audio-video call and 103 missed
// call): how a dialled call's outcome is read, and the call's details the message carries in
// its metadata, written by the voice channel and read by the inbox.

/** Metadata keys of a call entry (102) or a missed-call message (103). */
export const CALL_METADATA = {
  DIRECTION: 'CALL_DIRECTION',
  STATUS: 'CALL_STATUS',
  /** Seconds the call lasted once answered. */
  DURATION: 'CALL_DURATION',
  /** The agent's phone number that answered. */
  ANSWERED_BY: 'CALL_ANSWERED_BY',
  /** The customer's number. */
  FROM: 'CALL_FROM',
} as const;

export type CallDirection = 'inbound' | 'outbound';

export interface CallRecord {
  direction: CallDirection;
  /** The provider's final status of the dialled leg: completed, no-answer, busy, failed, canceled. */
  status: string;
  durationSeconds: number | null;
  answeredBy: string | null;
  from: string | null;
}

/**
 * Whether a dialled call reached an agent. Twilio's DialCallStatus: 'completed' (answered and
 * ended) or 'answered' (still bridged when the caller hung up); busy, no-answer, failed and
 * canceled (the caller hung up while it rang) are missed.
 */
export function dialOutcome(dialCallStatus: string): 'answered' | 'missed' {
  return dialCallStatus === 'completed' || dialCallStatus === 'answered' ? 'answered' : 'missed';
}

/** A call's length as a clock: 0:42, 12:05, 1:02:03. */
export function formatCallDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(totalSeconds) ? totalSeconds : 0));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = String(s % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** The metadata a call's message is stored with. */
export function callMetadata(record: CallRecord): Record<string, string | number> {
  return {
    [CALL_METADATA.DIRECTION]: record.direction,
    [CALL_METADATA.STATUS]: record.status,
    ...(record.durationSeconds !== null ? { [CALL_METADATA.DURATION]: record.durationSeconds } : {}),
    ...(record.answeredBy !== null ? { [CALL_METADATA.ANSWERED_BY]: record.answeredBy } : {}),
    ...(record.from !== null ? { [CALL_METADATA.FROM]: record.from } : {}),
  };
}

/** A message's call details; null when it carries none (a call entry written by another client). */
export function readCallRecord(
  metadata: Readonly<Record<string, unknown>> | null | undefined,
): CallRecord | null {
  const direction = metadata?.[CALL_METADATA.DIRECTION];
  if (direction !== 'inbound' && direction !== 'outbound') return null;
  const status = metadata?.[CALL_METADATA.STATUS];
  const duration = Number(metadata?.[CALL_METADATA.DURATION]);
  const answeredBy = metadata?.[CALL_METADATA.ANSWERED_BY];
  const from = metadata?.[CALL_METADATA.FROM];
  return {
    direction,
    status: typeof status === 'string' ? status : '',
    durationSeconds:
      metadata?.[CALL_METADATA.DURATION] !== undefined && Number.isFinite(duration) && duration >= 0
        ? duration
        : null,
    answeredBy: typeof answeredBy === 'string' && answeredBy !== '' ? answeredBy : null,
    from: typeof from === 'string' && from !== '' ? from : null,
  };
}
