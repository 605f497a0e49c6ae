import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type FakeTwilio, startFakeTwilio, twilioVoiceCaller } from '@convo/provider-fakes';
import { E2E_PORT } from './support/e2e-server';
import { chooseView, conversationRow, logIn } from './support/inbox';
import { ownServerUrl, startOwnServer, stopOwnServer } from './support/own-server';
import { expect, test } from './support/test';

// Phone calls through Twilio end to end, against a local Twilio (REST API and voice platform, on
// E2E_PORT + 1401): an admin connects the Twilio number and the agents' phones in the hub (the
// number's VoiceUrl then points at us); a caller nobody answers leaves a voicemail; the inbox shows
// the missed call and plays the recording; an answered call shows who answered and how long. A
// server of its own on E2E_PORT + 1400, pointed at that Twilio.

const port = E2E_PORT + 1400;
const fakePort = E2E_PORT + 1401;
const baseURL = ownServerUrl(port);
const ACCOUNT_SID = `AC${'7c1d2e3f'.repeat(4)}`;
const AUTH_TOKEN = 'abcdef0123456789'.repeat(2);
const NUMBER = '+14155550100';
const AGENTS = ['+14155550111', '+14155550122'];
const CALLER = `+1555${String(Date.now() % 10_000_000).padStart(7, '0')}`;
// A real MP3 for the browser to decode: 40 silent MPEG-1 Layer III frames (128 kbit/s, 44.1 kHz,
// 417 bytes each: the header and zeroed side information), about one second.
const FRAME = [0xff, 0xfb, 0x90, 0x64, ...new Array<number>(413).fill(0)];
const MP3 = new Uint8Array(Array.from({ length: 40 }, () => FRAME).flat());

let dataDir = '';
let server: ChildProcess | undefined;
let fake: FakeTwilio | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // Building the demo workspace on a loaded two-core machine: minutes.
  test.setTimeout(300_000);
  fake = await startFakeTwilio({ port: fakePort });
  fake.addAccount(ACCOUNT_SID, AUTH_TOKEN, 'Acme Voice');
  fake.addPhoneNumber(ACCOUNT_SID, NUMBER);
  dataDir = mkdtempSync(path.join(tmpdir(), 'convo-e2e-voice-'));
  server = await startOwnServer({
    port,
    dataDir,
    env: { SEED_DEMO: 'true', TWILIO_API_URL: fake.url, RATE_LIMIT_LOGIN_MAX: '1000' },
  });
});

test.afterAll(async () => {
  await stopOwnServer(server);
  await fake?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('connect Voice in the hub; a missed call with voicemail and an answered call show in the inbox', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await logIn(browser, 'owner@demo.convo.local', baseURL);
  const context = page.context();

  await test.step('the hub lists Voice under its category; its details page connects the number', async () => {
    await page.goto('/integrations?category=voice');
    const card = page.getByTestId('integration-card-voice-twilio');
    await expect(card).toContainText('Voice');
    await expect(card.getByTestId('integration-status')).toHaveText('Not connected');
    await expect(page.getByTestId('integration-card-telegram')).toHaveCount(0);
    await card.getByRole('link', { name: 'Set up Phone calls through Twilio' }).click();
    await expect(page).toHaveURL(/\/integration-details\?type=voice-twilio$/);

    await page.getByTestId('voice-account-sid').fill(ACCOUNT_SID);
    await page.getByTestId('voice-auth-token').fill(AUTH_TOKEN);
    await page.getByTestId('voice-phone-number').fill(NUMBER);
    await page.getByTestId('voice-agent-numbers').fill('555');
    await page.getByTestId('voice-twilio-connect').click();
    await expect(page.getByText('Give 1 to 10 different phone numbers')).toBeVisible();
    await page.getByTestId('voice-agent-numbers').fill(AGENTS.join('\n'));
    await page.getByTestId('voice-twilio-connect').click();
    await expect(page.getByTestId('integration-status')).toHaveText('Connected');
    await expect(page.getByTestId('integration-account')).toContainText(`Acme Voice ${NUMBER}`);
    await expect(page.getByText(AUTH_TOKEN)).toHaveCount(0);
    expect(fake!.voiceUrlOf(NUMBER)).toMatch(/\/api\/channels\/voice-twilio\/[^/]+\/webhook$/);
  });

  await test.step('nobody answers; the caller leaves a voicemail; the inbox shows both and plays it', async () => {
    await page.goto('/conversations');
    await chooseView(page, 'All conversations');
    await expect(page.getByTestId('conversation-search')).toBeVisible();
    const caller = twilioVoiceCaller(fake!, { accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN });
    const call = await caller.call(CALLER, NUMBER, {
      status: 'no-answer',
      voicemail: { bytes: MP3, duration: 14 },
    });
    expect(call.dialled).toEqual(AGENTS);
    expect(call.recordingSid).not.toBeNull();
    const row = conversationRow(page, CALLER);
    await expect(row).toBeVisible();
    await expect(row.getByTestId('channel-icon-voice-twilio')).toBeVisible();
    await row.getByRole('button').click();
    await expect(
      page.getByTestId('call-line').filter({ hasText: `Missed call from ${CALLER}` }),
    ).toBeVisible();
    const voicemail = page.getByTestId('message').filter({ hasText: 'Voicemail (0:14)' });
    const audio = voicemail.locator('audio');
    await expect(audio).toBeVisible();
    await expect(audio).toHaveAttribute('controls', '');
    // The recording is fetched with the agent's token and played from its bytes: the browser
    // reads it as a second of audio.
    await expect(audio).toHaveAttribute('aria-label', `voicemail-${call.recordingSid}.mp3`);
    await expect(audio).toHaveAttribute('src', /^blob:/);
    await expect
      .poll(
        () => audio.evaluate((el: HTMLAudioElement) => (el.readyState >= 1 ? Math.round(el.duration) : -1)),
        {
          timeout: 15_000,
        },
      )
      .toBe(1);
  });

  await test.step('the caller calls again and an agent answers: the call entry says who and how long', async () => {
    const caller = twilioVoiceCaller(fake!, { accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN });
    await caller.call(CALLER, NUMBER, { answeredBy: AGENTS[1]!, duration: 125 });
    await expect(
      page
        .getByTestId('call-line')
        .filter({ hasText: `Incoming call · Call answered by ${AGENTS[1]} · 2:05` }),
    ).toBeVisible();
  });

  await test.step('at phone width the call lines still read', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/conversations');
    await chooseView(page, 'All conversations');
    await conversationRow(page, CALLER).getByRole('button').click();
    await expect(page.getByTestId('call-line').first()).toBeVisible();
  });
  await context.close();
});
