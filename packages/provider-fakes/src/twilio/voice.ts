import type { FakeTwilio } from './index.js';

// A caller ringing a Twilio number, as Twilio's voice platform drives a call
// (https://www.twilio.com/docs/voice/twiml): the incoming call is posted, signed, to the number's
// VoiceUrl; the TwiML answered is followed — <Dial>'s action gets the dial's outcome
// (DialCallStatus, DialCallSid, DialCallDuration), <Record>'s action gets RecordingUrl and its
// recordingStatusCallback the recording's status — and every leg and recording is then readable
// through the fake's Calls and Recordings API.

export interface VoiceStep {
  url: string;
  params: Record<string, string>;
  status: number;
  body: string;
}

export type CallOutcome =
  /** An agent's phone (one the TwiML dialled) picked up and they talked `duration` seconds. */
  | { answeredBy: string; duration: number }
  /** Nobody answered; the caller leaves a voicemail of `duration` seconds, or hangs up. */
  | {
      status: 'no-answer' | 'busy' | 'failed' | 'canceled';
      voicemail?: { bytes: Uint8Array; duration: number };
    };

export interface PlacedCall {
  callSid: string;
  /** Every request posted to us, in order (a test may post one again, as Twilio's retries do). */
  steps: VoiceStep[];
  /** The numbers the TwiML dialled. */
  dialled: string[];
  recordingSid: string | null;
}

const decode = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

function attribute(twiml: string, verb: string, name: string): string | null {
  const tag = new RegExp(`<${verb}\\b([^>]*)>`).exec(twiml)?.[1] ?? '';
  const value = new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];
  return value === undefined ? null : decode(value);
}

/** Places calls to `to` (a number added with addPhoneNumber) of this account. */
export function twilioVoiceCaller(fake: FakeTwilio, account: { accountSid: string; authToken: string }) {
  const post = async (steps: VoiceStep[], url: string, params: Record<string, string>) => {
    const res = await fake.postWebhook(url, account.authToken, params);
    steps.push({ url, params, ...res });
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${res.body}`);
    return res.body;
  };

  return {
    async call(from: string, to: string, outcome: CallOutcome): Promise<PlacedCall> {
      const voiceUrl = fake.voiceUrlOf(to);
      if (!voiceUrl) throw new Error(`${to} has no VoiceUrl: connect it first`);
      const steps: VoiceStep[] = [];
      const callSid = fake.addCall(account.accountSid, {
        from,
        to,
        status: 'ringing',
        duration: null,
        parentCallSid: null,
        direction: 'inbound',
      });
      const base = {
        AccountSid: account.accountSid,
        ApiVersion: '2010-04-01',
        CallSid: callSid,
        Called: to,
        Caller: from,
        Direction: 'inbound',
        From: from,
        To: to,
      };
      const answer = await post(steps, voiceUrl, { ...base, CallStatus: 'ringing' });
      const dialled = [...answer.matchAll(/<Number\b[^>]*>([^<]+)<\/Number>/g)].map((m) => decode(m[1]!));
      const dialAction = attribute(answer, 'Dial', 'action');
      const placed: PlacedCall = { callSid, steps, dialled, recordingSid: null };
      if (!dialAction) return placed;

      fake.updateCall(callSid, { status: 'in-progress' });
      if ('answeredBy' in outcome) {
        if (!dialled.includes(outcome.answeredBy)) throw new Error(`${outcome.answeredBy} was not dialled`);
        const leg = fake.addCall(account.accountSid, {
          from,
          to: outcome.answeredBy,
          status: 'completed',
          duration: outcome.duration,
          parentCallSid: callSid,
          direction: 'outbound-dial',
        });
        fake.updateCall(callSid, { status: 'completed', duration: outcome.duration + 3 });
        await post(steps, dialAction, {
          ...base,
          CallStatus: 'completed',
          DialCallStatus: 'completed',
          DialCallSid: leg,
          DialCallDuration: String(outcome.duration),
          DialBridged: 'true',
        });
        return placed;
      }
      const leg = fake.addCall(account.accountSid, {
        from,
        to: dialled[0] ?? '',
        status: outcome.status,
        duration: 0,
        parentCallSid: callSid,
        direction: 'outbound-dial',
      });
      const afterDial = await post(steps, dialAction, {
        ...base,
        CallStatus: 'in-progress',
        DialCallStatus: outcome.status,
        DialCallSid: leg,
        DialCallDuration: '0',
        DialBridged: 'false',
      });
      const recordAction = attribute(afterDial, 'Record', 'action');
      const statusCallback = attribute(afterDial, 'Record', 'recordingStatusCallback');
      if (!outcome.voicemail || !recordAction) {
        fake.updateCall(callSid, { status: 'completed', duration: 25 });
        return placed;
      }
      const recording = fake.addRecording(account.accountSid, outcome.voicemail.bytes);
      placed.recordingSid = recording.sid;
      const duration = String(outcome.voicemail.duration);
      await post(steps, recordAction, {
        ...base,
        CallStatus: 'completed',
        RecordingUrl: recording.url,
        RecordingSid: recording.sid,
        RecordingDuration: duration,
        Digits: 'hangup',
      });
      fake.updateCall(callSid, { status: 'completed', duration: 25 + outcome.voicemail.duration });
      if (statusCallback)
        await post(steps, statusCallback, {
          AccountSid: account.accountSid,
          CallSid: callSid,
          RecordingSid: recording.sid,
          RecordingUrl: recording.url,
          RecordingStatus: 'completed',
          RecordingDuration: duration,
          RecordingChannels: '1',
          RecordingStartTime: new Date().toUTCString(),
          RecordingSource: 'RecordVerb',
        });
      return placed;
    },
  };
}
