import { MESSAGING_PATHS, REGISTRATION_PATHS } from '@convo/api';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  botFirstResponders,
  botIntents,
  botModels,
  bots,
  conversations,
  knowledgePassages,
  users,
} from '../../db/schema/index.js';
import { createMemoryPubSub } from '../../platform/pubsub/pubsub.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { insertUser } from '../accounts/repository.js';
import { KomposeModel } from '../bots/engines/kompose/model.js';
import type { StoredKomposeModels } from '../bots/engines/kompose/snapshot.js';
import { createConversation } from '../conversations/service.js';
import { createRealtime } from '../realtime/realtime.js';
import { DEMO_BOT_NAME } from './demo-bot.js';
import { type DemoSeedResult, seedDemoIfEmpty } from './seed.js';

describe.each(testDatabaseKinds())('demo bot on %s', (kind) => {
  const { t } = useTestApp(kind);
  let seeded: DemoSeedResult | null;

  beforeAll(async () => {
    seeded = await seedDemoIfEmpty(t.database.db);
  });

  it('is a kompose bot on the demo bot member, first responder, handing off to Ana Agent', async () => {
    const db = t.database.db;
    const [bot] = await db.select().from(bots).where(eq(bots.applicationId, seeded!.applicationId));
    expect(bot).toMatchObject({ name: DEMO_BOT_NAME, engine: 'kompose', enabled: true });
    const [member] = await db.select().from(users).where(eq(users.id, bot!.userId));
    expect(member).toMatchObject({
      roleType: '3',
      email: 'bot@demo.convo.local',
      displayName: DEMO_BOT_NAME,
    });
    const [ana] = await db.select().from(users).where(eq(users.email, 'agent1@demo.convo.local'));
    expect(bot!.settings.handoffAssignTo).toBe(ana!.userId);
    const responders = await db
      .select()
      .from(botFirstResponders)
      .where(eq(botFirstResponders.botId, bot!.id));
    expect(responders).toMatchObject([{ teamId: null }]);
    const intents = await db.select().from(botIntents).where(eq(botIntents.botId, bot!.id));
    expect(intents.map((i) => i.name)).toEqual(
      expect.arrayContaining([
        'welcome_event',
        'fallback_intent',
        'Shipping',
        'Returns',
        'Opening hours',
        'Payment',
      ]),
    );
    const passages = await db.select().from(knowledgePassages).where(eq(knowledgePassages.botId, bot!.id));
    expect(passages.length).toBeGreaterThanOrEqual(3);
  });

  it("answers at once: its trained model is stored ready and picks the store's answers", async () => {
    const db = t.database.db;
    const [bot] = await db.select().from(bots).where(eq(bots.applicationId, seeded!.applicationId));
    const [model] = await db.select().from(botModels).where(eq(botModels.botId, bot!.id));
    expect(model).toMatchObject({ status: 'ready', language: 'en', trainedVersion: model!.version });
    const stored = model!.model as unknown as StoredKomposeModels;
    const classifier = KomposeModel.fromJSON(stored.answers!);
    expect(classifier.classify('how long will shipping take to arrive?').intent).toBe('Shipping');
    expect(classifier.classify('can I return this and get a refund').intent).toBe('Returns');
    expect(classifier.classify('are you open on sunday?').intent).toBe('Opening hours');
    expect(classifier.classify('do you accept paypal').intent).toBe('Payment');
  });

  it("takes the demo store's new visitor conversations", async () => {
    const reg = await t.app.inject({
      method: 'POST',
      url: REGISTRATION_PATHS.registerClient,
      payload: { userId: 'demo-visitor', applicationId: seeded!.applicationId, authenticationTypeId: 0 },
    });
    const headers = { 'x-authorization': reg.json().authToken, 'application-key': seeded!.applicationId };
    const res = await t.app.inject({
      method: 'POST',
      url: MESSAGING_PATHS.groupCreateV21,
      headers,
      payload: { groupName: 'Question', type: 10 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [conv] = await t.database.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, res.json().response.id));
    expect(conv!.botActive).toBe(true);
  });

  it("leaves a real channel's conversations to people: a channel customer never meets the demo bot", async () => {
    const db = t.database.db;
    const applicationId = seeded!.applicationId;
    const customer = await insertUser(db, {
      applicationId,
      userId: 'telegram-4242',
      displayName: 'Channel Customer',
      roleType: null,
      authenticationTypeId: 0,
      metadata: { channel: 'telegram' },
    });
    const caller = {
      tokenHash: '',
      userId: customer.id,
      userName: customer.userId,
      applicationId,
      roleType: null,
      product: 'classic' as const,
      sessionExpiresAt: new Date(Date.now() + 60_000),
    };
    const deps = { db, realtime: createRealtime(createMemoryPubSub(), pino({ level: 'silent' })) };
    const feed = await createConversation(
      deps,
      caller,
      { groupName: 'Hello from Telegram', type: 10, metadata: { source: 'telegram' } },
      { channel: 'telegram' },
    );
    const [conv] = await db.select().from(conversations).where(eq(conversations.id, feed.id));
    const [bot] = await db.select().from(bots).where(eq(bots.applicationId, applicationId));
    expect(conv!.channel).toBe('telegram');
    expect(conv!.botActive).toBe(false);
    expect(conv!.assigneeId).not.toBe(bot!.userId);
  });
});
