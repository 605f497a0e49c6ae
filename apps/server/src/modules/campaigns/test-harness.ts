import { CAMPAIGN_PATHS, type IntegrationType, integrationPath } from '@convo/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { campaigns } from '../../db/schema/index.js';
import { channelHarness, freePort, waitFor } from '../../testing/channel-harness.js';
import type { Tenant } from '../../testing/messaging-fixtures.js';
import type { TestApp } from '../../testing/test-app.js';
import type { TestDbKind } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';

// The set-up every campaigns integration test repeated (review of issue 35): a local provider
// server started before the app (its URL goes in the app's config), the app listening on a free
// port (providers post their webhooks to PUBLIC_URL), the channel harness of the tenant, and the
// provider closed after the file. Also the two calls most tests make: connect the integration,
// and wait for a campaign to reach a status.

interface FakeServer {
  url: string;
  close(): Promise<void>;
}

export interface CampaignAppOptions<F extends FakeServer, N extends number> {
  /** Starts the provider's local server (and adds its accounts, bots, templates). */
  fake: () => Promise<F>;
  /** The app's config that points at it (its API URL). */
  env: (fakeUrl: string) => Record<string, string>;
  /** The channel the harness reads (integration type). */
  channel: IntegrationType;
  tenants?: N;
}

/** An object whose reads go to `current()` (the provider, once beforeAll started it). */
function liveView<F extends object>(current: () => F): F {
  return new Proxy({} as F, {
    get(_, key) {
      const target = current();
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Call inside the `describe`, like useTestApp. */
export function useCampaignApp<F extends FakeServer, N extends number = 1>(
  kind: TestDbKind,
  options: CampaignAppOptions<F, N>,
) {
  let started: F | undefined;
  let port = 0;
  beforeAll(async () => {
    started = await options.fake();
    port = await freePort();
  });
  const { t, tenants } = useTestApp(kind, {
    tenants: (options.tenants ?? 1) as N,
    dataDir: true,
    env: () => ({ ...options.env(started!.url), PUBLIC_URL: `http://127.0.0.1:${port}` }),
  });
  const tenant = (tenants as Tenant[])[0]!;
  const h = channelHarness(t, tenant, options.channel);
  beforeAll(async () => {
    await t.app.listen({ host: '127.0.0.1', port });
  });
  afterAll(async () => {
    await started?.close();
  });
  const fake = liveView(() => {
    if (!started) throw new Error('useCampaignApp: the provider is read before its beforeAll ran');
    return started;
  });

  /** Connects the tenant's integration of `type` (200 expected). */
  const connect = async (type: IntegrationType, payload: Record<string, unknown>, of: Tenant = tenant) => {
    const res = await t.app.inject({
      method: 'POST',
      url: integrationPath(type),
      headers: h.bearer(of),
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  return { t, tenants, tenant, h, fake, connect };
}

/** Sends a campaign as the tenant's admin (SPEC §7 message/campaign/send). */
export function sendAs(t: TestApp, tenant: Tenant, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: CAMPAIGN_PATHS.send, headers: tenant.admin, payload });
}

/** The campaign's row once it reaches `status` (done by default). */
export async function campaignWhen(t: TestApp, campaignId: string, status = 'done', timeoutMs = 20_000) {
  const row = await waitFor(
    async () => (await t.database.db.select().from(campaigns).where(eq(campaigns.id, campaignId)))[0],
    (c) => c?.status === status,
    timeoutMs,
  );
  return row!;
}
