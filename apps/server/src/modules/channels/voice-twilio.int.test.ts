import { channelWebhookPath, INTEGRATION_PATHS, integrationPath } from '@convo/api';
import { CALL_METADATA, MESSAGE_CONTENT_TYPE } from '@convo/domain';
import { type FakeTwilio, startFakeTwilio, twilioVoiceCaller } from '@convo/provider-fakes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments, conversations } from '../../db/schema/index.js';
import { channelHarness, freePort, waitFor } from '../../testing/channel-harness.js';
import { sendTestMessage } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';

// Voice through Twilio against a local server speaking Twilio's REST API and driving calls as
// Twilio's voice platform does (packages/provider-fakes twilio/voice.ts): the number's VoiceUrl set
// on connect, signed webhooks for every step of a call, TwiML followed, the answered leg read from
// the Calls API, the voicemail downloaded from the Recordings API.

const ACCOUNT_SID = `AC${'5e6f7a8b'.repeat(4)}`;
const AUTH_TOKEN = '0123456789abcdef'.repeat(2);
const NUMBER = '+14155550100';
const AGENTS = ['+14155550111', '+14155550122'];
// An MP3 frame header and some bytes: what Twilio's .mp3 recording starts with.
const MP3 = new Uint8Array([0xff, 0xfb, 0x90, 0x64, ...new Array(400).fill(7)]);

describe.each(testDatabaseKinds())('Voice through Twilio on %s', (kind) => {
  let fake: FakeTwilio;
  let port = 0;
  beforeAll(async () => {
    fake = await startFakeTwilio();
    fake.addAccount(ACCOUNT_SID, AUTH_TOKEN, 'Acme Voice');
    fake.addPhoneNumber(ACCOUNT_SID, NUMBER);
    port = await freePort();
  });
  const { t, tenants } = useTestApp(kind, {
    tenants: 2,
    dataDir: true,
    env: () => ({ TWILIO_API_URL: fake.url, PUBLIC_URL: `http://127.0.0.1:${port}` }),
  });
  const [tenant, other] = tenants;
  const h = channelHarness(t, tenant, 'voice-twilio');
  const { conversationOf, messagesOf } = h;
  beforeAll(async () => {
    await t.app.listen({ host: '127.0.0.1', port });
  });
  afterAll(async () => {
    await fake?.close();
  });

  const hook = (applicationId = tenant.applicationId) =>
    `http://127.0.0.1:${port}${channelWebhookPath('voice-twilio', applicationId)}`;
  const caller = () => twilioVoiceCaller(fake, { accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN });
  const connect = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: integrationPath('voice-twilio'), headers: h.bearer(), payload });
  const good = { accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, phoneNumber: NUMBER, agentNumbers: AGENTS };

  it('refuses a wrong token, a number of another account and bad numbers; connects, points the number at us, returns no secret', async () => {
    const wrong = await connect({ ...good, authToken: 'e'.repeat(32) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'INTEGRATION_REJECTED' });
    expect(wrong.json().message).toContain('20003');
    const notOurs = await connect({ ...good, phoneNumber: '+14155559999' });
    expect(notOurs.statusCode).toBe(400);
    expect(notOurs.json().message).toContain('+14155559999 is not a phone number of this Twilio account');
    for (const bad of [
      { agentNumbers: [] },
      { agentNumbers: ['555'] },
      { agentNumbers: [AGENTS[0], AGENTS[0]] },
    ]) {
      const res = await connect({ ...good, ...bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(fake.voiceUrlOf(NUMBER)).toBe('');

    const res = await connect({ ...good, phoneNumber: '+1 (415) 555-0100' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      type: 'voice-twilio',
      category: 'voice',
      status: 'connected',
      displayName: `Acme Voice ${NUMBER}`,
      webhookUrl: hook(),
    });
    expect(res.body).not.toContain(AUTH_TOKEN);
    expect(fake.voiceUrlOf(NUMBER)).toBe(hook());
    const list = await t.app.inject({ method: 'GET', url: INTEGRATION_PATHS.list, headers: h.bearer() });
    expect(list.body).not.toContain(AUTH_TOKEN);
    expect(list.json().data).toContainEqual(
      expect.objectContaining({ type: 'voice-twilio', category: 'voice' }),
    );
  });

  it('an answered call rings every agent and leaves one call entry (102) with who answered and how long', async () => {
    const from = '+15551230001';
    const call = await caller().call(from, NUMBER, { answeredBy: AGENTS[1]!, duration: 65 });
    expect(call.dialled).toEqual(AGENTS);
    const [incoming, dialled] = call.steps;
    expect(incoming!.body).toContain(
      `<Dial action="${hook()}" method="POST" timeout="20" answerOnBridge="true">`,
    );
    expect(dialled!.body).toContain('<Hangup/>');
    // Twilio posts the action again: stored once.
    expect((await fake.postWebhook(dialled!.url, AUTH_TOKEN, dialled!.params)).status).toBe(200);
    const conv = await conversationOf(from);
    expect(conv).toMatchObject({ channel: 'voice-twilio', name: from });
    const stored = await messagesOf(conv!.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      contentType: MESSAGE_CONTENT_TYPE.AUDIO_VIDEO_CALL,
      message: `Call answered by ${AGENTS[1]} (1:05)`,
      metadata: {
        channel: 'voice-twilio',
        [CALL_METADATA.DIRECTION]: 'inbound',
        [CALL_METADATA.STATUS]: 'completed',
        [CALL_METADATA.DURATION]: 65,
        [CALL_METADATA.ANSWERED_BY]: AGENTS[1],
        [CALL_METADATA.FROM]: from,
      },
    });
    // The answered leg was read from the Calls API with the account's credentials.
    const legRead = fake.calls.find((c) => c.path.endsWith(`/Calls/${dialled!.params.DialCallSid}.json`));
    expect(legRead?.accountSid).toBe(ACCOUNT_SID);
  });

  it('a missed call leaves a 103 message and the voicemail as audio, each once; a later call reopens the resolved conversation', async () => {
    const from = '+15551230002';
    const call = await caller().call(from, NUMBER, {
      status: 'no-answer',
      voicemail: { bytes: MP3, duration: 12 },
    });
    const [, dialled, recorded, recording] = call.steps;
    expect(dialled!.body).toContain('<Say>Sorry, no one could take your call.');
    expect(dialled!.body).toMatch(
      new RegExp(
        `<Record action="${hook()}" method="POST" maxLength="120" playBeep="true" finishOnKey="#" recordingStatusCallback="${hook()}"`,
      ),
    );
    expect(recorded!.body).toContain('<Say>Thank you for your message. Goodbye.</Say><Hangup/>');
    expect(recording!.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    for (const step of [dialled!, recording!])
      expect((await fake.postWebhook(step.url, AUTH_TOKEN, step.params)).status).toBe(200);

    const conv = await conversationOf(from);
    const stored = await messagesOf(conv!.id);
    expect(stored.map((m) => [m.contentType, m.message])).toEqual([
      [MESSAGE_CONTENT_TYPE.MISSED_CALL, `Missed call from ${from}`],
      [MESSAGE_CONTENT_TYPE.AUDIO, 'Voicemail (0:12)'],
    ]);
    expect(stored[0]!.metadata).toMatchObject({ CALL_STATUS: 'no-answer', CALL_FROM: from });
    const [file] = await t.database.db
      .select()
      .from(attachments)
      .where(eq(attachments.id, String(stored[1]!.fileMeta?.key)));
    expect(file).toMatchObject({
      contentType: 'audio/mpeg',
      size: MP3.byteLength,
      name: `voicemail-${call.recordingSid}.mp3`,
    });
    // Downloaded once (the repeated callback was known before any download).
    expect(fake.calls.filter((c) => c.path.endsWith(`${call.recordingSid}.mp3`))).toHaveLength(1);

    await t.database.db
      .update(conversations)
      .set({ status: 2, resolvedAt: new Date() })
      .where(eq(conversations.id, conv!.id));
    await caller().call(from, NUMBER, { status: 'busy' });
    const again = await conversationOf(from);
    expect(again!.id).toBe(conv!.id);
    expect(again!.status).not.toBe(2);
    expect((await messagesOf(conv!.id)).map((m) => m.contentType)).toEqual([
      MESSAGE_CONTENT_TYPE.MISSED_CALL,
      MESSAGE_CONTENT_TYPE.AUDIO,
      MESSAGE_CONTENT_TYPE.MISSED_CALL,
    ]);
  });

  it('401 for a missing, forged or tampered signature, storing nothing; 404 for an application without Voice', async () => {
    const params = {
      AccountSid: ACCOUNT_SID,
      CallSid: `CA${'9'.repeat(32)}`,
      From: '+15551230003',
      To: NUMBER,
      CallStatus: 'in-progress',
      Direction: 'inbound',
      DialCallStatus: 'no-answer',
      DialCallSid: `CA${'8'.repeat(32)}`,
    };
    const forged = await fake.postWebhook(hook(), 'a'.repeat(32), params);
    const unsigned = await fake.postWebhook(hook(), AUTH_TOKEN, params, { signature: null });
    const tampered = await fake.postWebhook(
      hook(),
      AUTH_TOKEN,
      { ...params, From: '+15551230004' },
      {
        signature: (await import('@convo/provider-fakes')).twilioSignature(AUTH_TOKEN, hook(), params),
      },
    );
    expect([forged.status, unsigned.status, tampered.status]).toEqual([401, 401, 401]);
    expect(await conversationOf('+15551230003')).toBeUndefined();
    expect(await conversationOf('+15551230004')).toBeUndefined();

    const elsewhere = await fake.postWebhook(hook(other!.applicationId), AUTH_TOKEN, params);
    const unknown = await fake.postWebhook(hook('no-such-app'), AUTH_TOKEN, params);
    expect([elsewhere.status, unknown.status]).toEqual([404, 404]);
  });

  it('a reply in a call conversation goes to the caller as SMS from the Twilio number; disconnect unhooks the number', async () => {
    const from = '+15551230005';
    await caller().call(from, NUMBER, { status: 'no-answer' });
    const conv = await conversationOf(from);
    expect(
      (await sendTestMessage(t, tenant.admin, conv!.id, 'voice-reply-1', 'Sorry we missed you')).statusCode,
    ).toBe(200);
    h.runWorker();
    const [sms] = await waitFor(
      async () => fake.sent().filter((c) => c.params.To === from),
      (c) => c.length === 1,
    );
    expect(sms!.params).toMatchObject({ From: NUMBER, Body: 'Sorry we missed you' });

    const removed = await t.app.inject({
      method: 'DELETE',
      url: integrationPath('voice-twilio'),
      headers: h.bearer(),
    });
    expect(removed.statusCode).toBe(200);
    expect(fake.voiceUrlOf(NUMBER)).toBe('');
    const detail = await t.app.inject({
      method: 'GET',
      url: integrationPath('voice-twilio'),
      headers: h.bearer(),
    });
    expect(detail.json().data).toMatchObject({ status: 'not_connected' });
  });
});
