import { voiceTwilioConnectRequestSchema } from '@convo/api';
import { callMetadata, dialOutcome, formatCallDuration, MESSAGE_CONTENT_TYPE } from '@convo/domain';
import twilio from 'twilio';
import { z } from 'zod';
import {
  type ChannelConnector,
  ChannelProviderError,
  type InboundMessage,
  type WebhookReply,
} from '../connector.js';
import {
  downloadTwilioFile,
  type TwilioCredentials,
  twilioClientFactory,
  twilioProviderError,
  verifyTwilioSignature,
} from '../twilio/sdk.js';

// Voice through Twilio (https://www.twilio.com/docs/voice/twiml), with Twilio's own SDK. Connecting
// points the Twilio number's voice URL at our webhook; every step of a call then posts there,
// form-encoded and signed with X-Twilio-Signature over that one URL, and is answered with TwiML
// built by the SDK's VoiceResponse:
// 1. the incoming call → <Dial> every agent's phone at once, its action back to us;
// 2. the dial's action (DialCallStatus) → answered: a call entry (content type 102) with who answered
//    (the dialled leg, read back from the Calls API) and how long; otherwise a missed-call message
//    (103) and <Say> + <Record> for a voicemail, whose recording status comes back to us;
// 3. the <Record> action → a goodbye;
// 4. the recording status callback → the recording (RecordingUrl + '.mp3', basic auth) is stored as
//    an audio message in the caller's conversation (the caller is read from the Calls API: the
//    callback names only the call).
// Keys: the call's CallSid (one entry per call) and the RecordingSid, so Twilio's retries store once.
// Replies typed in the inbox go to the caller as SMS from the Twilio number.

const configSchema = z.object({
  accountSid: z.string().min(1),
  authToken: z.string().min(1),
  /** The Twilio number customers call (E.164) and its IncomingPhoneNumber SID. */
  phoneNumber: z.string().min(1),
  phoneNumberSid: z.string().min(1),
  /** The agents' phones an incoming call rings, all at once. */
  agentNumbers: z.array(z.string().min(1)).min(1),
  /** Our webhook URL as Twilio signs it. */
  webhookUrl: z.string().url(),
});
export type VoiceTwilioConfig = z.infer<typeof configSchema>;

type VoiceInput = z.input<typeof voiceTwilioConnectRequestSchema>;

/** How long the agents' phones ring before the caller is offered voicemail (seconds). */
export const RING_TIMEOUT_SECONDS = 20;
/** The longest voicemail (seconds). */
export const VOICEMAIL_MAX_SECONDS = 120;

const PROMPTS = {
  voicemail: 'Sorry, no one could take your call. Please leave a message after the tone, then hang up.',
  noRecording: 'We did not receive a message. Goodbye.',
  goodbye: 'Thank you for your message. Goodbye.',
} as const;

/** What Twilio posts at any step of a call (all values are strings). */
const webhookSchema = z.object({
  AccountSid: z.string(),
  CallSid: z.string().min(1),
  From: z.string().default(''),
  To: z.string().default(''),
  Direction: z.string().optional(),
  CallerName: z.string().optional(),
  DialCallStatus: z.string().optional(),
  DialCallSid: z.string().optional(),
  DialCallDuration: z.coerce.number().int().nonnegative().optional(),
  RecordingSid: z.string().optional(),
  RecordingUrl: z.string().url().optional(),
  RecordingStatus: z.string().optional(),
  RecordingDuration: z.coerce.number().int().optional(),
});
type Delivery = z.infer<typeof webhookSchema>;

type Step = 'incoming' | 'dialed' | 'recorded' | 'recording';

/** Which step of the call a delivery is, for this account's number; null: not ours. */
function stepOf(body: unknown, config: VoiceTwilioConfig): { step: Step; delivery: Delivery } | null {
  const parsed = webhookSchema.safeParse(body);
  if (!parsed.success || parsed.data.AccountSid !== config.accountSid) return null;
  const delivery = parsed.data;
  // A recording status callback names only the call (no From or To).
  if (delivery.RecordingStatus !== undefined) return { step: 'recording', delivery };
  if (delivery.To !== config.phoneNumber) return null;
  if (delivery.DialCallStatus !== undefined) return { step: 'dialed', delivery };
  if (delivery.RecordingUrl !== undefined) return { step: 'recorded', delivery };
  return delivery.Direction === undefined || delivery.Direction === 'inbound'
    ? { step: 'incoming', delivery }
    : null;
}

const twiml = (response: twilio.twiml.VoiceResponse): WebhookReply => ({
  contentType: 'text/xml; charset=utf-8',
  body: response.toString(),
});

/** The TwiML of each step. */
export function voiceReply(step: Step | null, delivery: Delivery | null, config: VoiceTwilioConfig) {
  const response = new twilio.twiml.VoiceResponse();
  if (step === 'incoming') {
    // Every agent's phone rings; the first to answer takes the call, the others stop ringing.
    const dial = response.dial({
      action: config.webhookUrl,
      method: 'POST',
      timeout: RING_TIMEOUT_SECONDS,
      answerOnBridge: true,
    });
    for (const number of config.agentNumbers) dial.number(number);
  } else if (step === 'dialed' && delivery && dialOutcome(delivery.DialCallStatus ?? '') === 'missed') {
    response.say(PROMPTS.voicemail);
    response.record({
      action: config.webhookUrl,
      method: 'POST',
      maxLength: VOICEMAIL_MAX_SECONDS,
      playBeep: true,
      finishOnKey: '#',
      recordingStatusCallback: config.webhookUrl,
      recordingStatusCallbackMethod: 'POST',
      recordingStatusCallbackEvent: ['completed'],
    });
    // Reached only when nothing was recorded (Twilio skips the action then).
    response.say(PROMPTS.noRecording);
    response.hangup();
  } else if (step === 'dialed') {
    response.hangup();
  } else if (step === 'recorded') {
    response.say(PROMPTS.goodbye);
    response.hangup();
  }
  // A recording status callback, an unknown delivery: an empty answer.
  return twiml(response);
}

export type VoiceTwilioConnector = ChannelConnector<VoiceTwilioConfig, VoiceInput>;

/** `apiUrl`: every Twilio host goes there (a local fake); undefined: Twilio's own. */
export function voiceTwilioConnector(apiUrl: string | undefined): VoiceTwilioConnector {
  const client = twilioClientFactory(apiUrl);

  /** A call as the Calls API knows it (the dialled leg: who answered; the parent: who called). */
  const fetchCall = async (credentials: TwilioCredentials, callSid: string) => {
    try {
      const call = await client(credentials).calls(callSid).fetch();
      return { from: call.from, to: call.to };
    } catch (err) {
      throw twilioProviderError(err);
    }
  };

  const caller = (delivery: Delivery) => ({
    externalUserId: delivery.From,
    displayName: delivery.CallerName?.trim() || delivery.From,
  });

  const dialed = async (delivery: Delivery, config: VoiceTwilioConfig): Promise<InboundMessage> => {
    const status = delivery.DialCallStatus ?? '';
    const base = { ...caller(delivery), externalMessageId: `call:${delivery.CallSid}` };
    if (dialOutcome(status) === 'missed')
      return {
        ...base,
        text: `Missed call from ${delivery.From}`,
        contentType: MESSAGE_CONTENT_TYPE.MISSED_CALL,
        metadata: callMetadata({
          direction: 'inbound',
          status,
          durationSeconds: null,
          answeredBy: null,
          from: delivery.From,
        }),
      };
    // Twilio's action names the answered leg, not its number: the Calls API does. Should that
    // lookup fail the call is still recorded, without the agent.
    const answeredBy = delivery.DialCallSid
      ? await fetchCall(config, delivery.DialCallSid).then(
          (leg) => (config.agentNumbers.includes(leg.to) ? leg.to : null),
          () => null,
        )
      : null;
    const duration = delivery.DialCallDuration ?? 0;
    return {
      ...base,
      text: `Call answered${answeredBy ? ` by ${answeredBy}` : ''} (${formatCallDuration(duration)})`,
      contentType: MESSAGE_CONTENT_TYPE.AUDIO_VIDEO_CALL,
      metadata: callMetadata({
        direction: 'inbound',
        status,
        durationSeconds: duration,
        answeredBy,
        from: delivery.From,
      }),
    };
  };

  const voicemail = async (delivery: Delivery, config: VoiceTwilioConfig): Promise<InboundMessage[]> => {
    if (delivery.RecordingStatus !== 'completed' || !delivery.RecordingSid || !delivery.RecordingUrl)
      return [];
    const call = await fetchCall(config, delivery.CallSid);
    if (call.to !== config.phoneNumber) return [];
    const recordingUrl = delivery.RecordingUrl;
    const recordingSid = delivery.RecordingSid;
    const duration = delivery.RecordingDuration ?? 0;
    return [
      {
        externalUserId: call.from,
        displayName: call.from,
        externalMessageId: `recording:${recordingSid}`,
        text: `Voicemail (${formatCallDuration(duration)})`,
        contentType: MESSAGE_CONTENT_TYPE.AUDIO,
        metadata: { VOICEMAIL_DURATION: duration },
        media: {
          kind: 'file',
          async fetch() {
            // Twilio serves a recording as MP3 at its URL + '.mp3' (basic auth).
            const file = await downloadTwilioFile(apiUrl, config, `${recordingUrl}.mp3`, 'recording');
            return {
              bytes: file.bytes,
              contentType: file.contentType?.startsWith('audio/') ? file.contentType : 'audio/mpeg',
              name: `voicemail-${recordingSid}.mp3`,
            };
          },
        },
      },
    ];
  };

  return {
    kind: 'voice-twilio',
    configSchema,
    // A disabled channel: an empty answer (Twilio ends the call).
    webhookReply: twiml(new twilio.twiml.VoiceResponse()),

    async connect(input, webhook) {
      const request = voiceTwilioConnectRequestSchema.parse(input);
      const credentials = { accountSid: request.accountSid, authToken: request.authToken };
      let friendlyName: string;
      let numberSid: string;
      try {
        const account = await client(credentials).api.v2010.accounts(request.accountSid).fetch();
        friendlyName = account.friendlyName;
        const [number] = await client(credentials).incomingPhoneNumbers.list({
          phoneNumber: request.phoneNumber,
          limit: 1,
        });
        if (!number)
          throw new ChannelProviderError(
            `${request.phoneNumber} is not a phone number of this Twilio account.`,
            false,
          );
        numberSid = number.sid;
        // Calls to the number now come to us.
        await client(credentials)
          .incomingPhoneNumbers(numberSid)
          .update({ voiceUrl: webhook.url, voiceMethod: 'POST' });
      } catch (err) {
        throw err instanceof ChannelProviderError ? err : twilioProviderError(err);
      }
      return {
        config: {
          ...credentials,
          phoneNumber: request.phoneNumber,
          phoneNumberSid: numberSid,
          agentNumbers: request.agentNumbers,
          webhookUrl: webhook.url,
        },
        displayName: `${friendlyName} ${request.phoneNumber}`.trim(),
      };
    },

    async disconnect(config) {
      // Calls to the number stop coming to us (Twilio then answers them with its default).
      try {
        await client(config).incomingPhoneNumbers(config.phoneNumberSid).update({ voiceUrl: '' });
      } catch (err) {
        throw twilioProviderError(err);
      }
    },

    verify(headers, config, rawBody) {
      return verifyTwilioSignature(headers, config.authToken, config.webhookUrl, rawBody);
    },

    async parseInbound(body, config) {
      const found = stepOf(body, config);
      if (found?.step === 'dialed') return [await dialed(found.delivery, config)];
      if (found?.step === 'recording') return voicemail(found.delivery, config);
      return [];
    },

    respond(body, config) {
      const found = stepOf(body, config);
      return voiceReply(found?.step ?? null, found?.delivery ?? null, config);
    },

    async send(outbound, config) {
      // A reply to a caller goes as an SMS (an MMS with its file) from the Twilio number.
      const base = { from: config.phoneNumber, to: outbound.externalUserId };
      let params: Parameters<ReturnType<typeof client>['messages']['create']>[0];
      if (outbound.file) {
        if (!outbound.file.url)
          throw new ChannelProviderError('Twilio needs a public URL of the file (set PUBLIC_URL).', false);
        params = {
          ...base,
          mediaUrl: [outbound.file.url],
          ...(outbound.text.trim() === '' ? {} : { body: outbound.text.slice(0, 1600) }),
        };
      } else {
        params = { ...base, body: outbound.text.slice(0, 1600) };
      }
      try {
        const message = await client(config).messages.create(params);
        return { externalId: message.sid };
      } catch (err) {
        throw twilioProviderError(err);
      }
    },
  };
}
