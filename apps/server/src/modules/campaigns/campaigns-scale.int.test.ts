import { CAMPAIGN_PATHS, integrationPath } from '@convo/api';
import { type FakeTelegram, startFakeTelegram } from '@convo/provider-fakes';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelHarness, freePort } from '../../testing/channel-harness.js';
import { useTestApp } from '../../testing/use-test-app.js';

// Issue 35's budget: a campaign to 100,000 recipients is accepted and queued in under 10 s.
// Opt-in (it writes 100,000 customers): CAMPAIGN_SCALE=100000 npx vitest run --project integration <this file>.

const SIZE = Number(process.env.CAMPAIGN_SCALE ?? 0);
const TOKEN = '7100009:AAHcampaignTelegramTokenForScale_0123';

describe.skipIf(SIZE <= 0)(`a campaign to ${SIZE} recipients`, () => {
  let fake: FakeTelegram;
  let port = 0;
  beforeAll(async () => {
    fake = await startFakeTelegram();
    fake.addBot(TOKEN, 'scale_bot');
    port = await freePort();
  });
  const { t, tenants } = useTestApp('pglite', {
    tenants: 1,
    dataDir: true,
    env: () => ({ TELEGRAM_API_URL: fake.url, PUBLIC_URL: `http://127.0.0.1:${port}` }),
  });
  const [tenant] = tenants;
  const h = channelHarness(t, tenant, 'telegram');
  afterAll(async () => {
    await fake?.close();
  });

  it('is accepted and queued in under 10 s', async () => {
    await t.app.listen({ host: '127.0.0.1', port });
    const connect = await t.app.inject({
      method: 'POST',
      url: integrationPath('telegram'),
      headers: h.bearer(),
      payload: { botToken: TOKEN },
    });
    expect(connect.statusCode).toBe(200);
    await t.database.db.execute(
      sql`insert into users (application_id, user_id, display_name, metadata)
          select ${tenant.applicationId}, 'telegram-' || g, 'Customer ' || g, '{"channel":"telegram"}'::jsonb
          from generate_series(1, ${SIZE}) g`,
    );
    const started = Date.now();
    const res = await t.app.inject({
      method: 'POST',
      url: CAMPAIGN_PATHS.send,
      headers: tenant.admin,
      payload: {
        platforms: { telegram: { selectedToken: '@scale_bot', textValue: 'Sale today' } },
        sendMessageToAll: true,
      },
    });
    const ms = Date.now() - started;
    console.log(`campaign to ${SIZE} recipients accepted in ${ms} ms`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().response.total).toBe(SIZE);
    expect(ms).toBeLessThan(10_000);
  }, 300_000);
});
