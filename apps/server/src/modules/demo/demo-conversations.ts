import { randomUUID } from 'node:crypto';
import pino from 'pino';
import type { AuthContext } from '../../http/auth.js';
import type { Db } from '../../platform/db/database.js';
import { createMemoryPubSub } from '../../platform/pubsub/pubsub.js';
import { insertUser, type UserRow } from '../accounts/index.js';
import { usageMeterOf } from '../billing/index.js';
import { findEnabledBotOfMember, findFirstResponder, insertBotConversation } from '../bots/index.js';
import {
  changeStatus,
  changeTags,
  conversationBots,
  createConversation,
  systemMessages,
  updateConversation,
} from '../conversations/index.js';
import { sendMessage, writeSystemMessage } from '../messages/index.js';
import { createRealtime } from '../realtime/index.js';

// A few dozen conversations in several states for the demo workspace, made through the same
// services the API uses, so they look exactly like real ones.

const CUSTOMERS = [
  'Maya Patel',
  'Lucas Martin',
  'Sofia Rossi',
  'Kenji Tanaka',
  'Amara Okafor',
  'Noah Schmidt',
  'Chloé Dubois',
  'Diego Hernández',
  'Priya Sharma',
  'Liam O’Brien',
  'Elena Petrova',
  'Omar Haddad',
  'Hannah Kim',
  'Mateo García',
  'Aisha Bello',
  'Jonas Berg',
  'Isabel Costa',
  'Ravi Kumar',
  'Zoe Williams',
  'Ahmed Ali',
  'Mia Novak',
  'Arjun Rao',
  'Lea Fischer',
  'Samuel Mensah',
  'Nina Jensen',
  'Tomás Silva',
  'Yuki Sato',
  'Grace Lee',
  'Felix Wagner',
  'Olga Ivanova',
];

const QUESTIONS: [string, string][] = [
  ['Where is my order #4821?', 'It left our warehouse this morning; here is the tracking link.'],
  ['Can I change the size of my shoes?', 'Of course, reply with the size you need and we will swap them.'],
  ['Do you ship to Canada?', 'Yes, shipping to Canada takes 5 to 7 working days.'],
  ['My discount code does not work', 'Sorry about that! I applied the discount to your order by hand.'],
  ['How do I return an item?', 'Returns are free within 30 days: print the label from your account page.'],
  ['Is the blue jacket back in stock?', 'It comes back next week; I can notify you by e-mail.'],
];

type Plan = { status: 'open' | 'waiting' | 'resolved' | 'spam' | 'reopened' | 'new'; tag?: string };

const PLANS: Plan[] = [
  ...Array.from({ length: 10 }, (): Plan => ({ status: 'open' })),
  ...Array.from({ length: 5 }, (): Plan => ({ status: 'waiting' })),
  ...Array.from({ length: 8 }, (): Plan => ({ status: 'resolved' })),
  { status: 'spam' },
  { status: 'spam' },
  { status: 'reopened' },
  { status: 'reopened' },
  { status: 'open', tag: 'Do-not-auto-resolve' },
  { status: 'new' },
  { status: 'new' },
];

function callerOf(user: UserRow): AuthContext {
  return {
    tokenHash: '',
    userId: user.id,
    userName: user.userId,
    applicationId: user.applicationId,
    roleType: (user.roleType ?? null) as AuthContext['roleType'],
    product: 'classic',
    sessionExpiresAt: new Date(Date.now() + 60_000),
  };
}

export async function seedDemoConversations(db: Db, applicationId: string, owner: UserRow): Promise<number> {
  // The seed also runs outside the app (the operator command's tests fill a bare database with it),
  // so it gives conversations the ports app.ts gives them (the same functions: providing twice is harmless).
  systemMessages.provide(writeSystemMessage);
  conversationBots.provide({
    enabledBotOfMember: findEnabledBotOfMember,
    firstResponder: findFirstResponder,
    startBotConversation: insertBotConversation,
  });
  const deps = { db, realtime: createRealtime(createMemoryPubSub(), pino({ level: 'silent' })) };
  const admin = callerOf(owner);
  for (const [i, plan] of PLANS.entries()) {
    const name = CUSTOMERS[i % CUSTOMERS.length]!;
    const visitor = await insertUser(db, {
      applicationId,
      userId: `demo-visitor-${i + 1}`,
      email: `${name.split(' ')[0]!.toLowerCase()}.${i + 1}@example.com`,
      displayName: name,
      roleType: null,
      authenticationTypeId: 0,
    });
    const customer = callerOf(visitor);
    const [question, answer] = QUESTIONS[i % QUESTIONS.length]!;
    const feed = await createConversation(deps, customer, { groupName: question, type: 10 });
    const ref = { groupId: feed.id };
    const say = (who: AuthContext, text: string) =>
      sendMessage(deps, who, { ...ref, key: randomUUID(), message: text, contentType: 0 });
    if (plan.status === 'new') continue;
    await say(customer, question);
    if (plan.status === 'waiting') {
      await updateConversation(db, applicationId, feed.id, {
        status: 7,
        assigneeId: null,
        waitingSince: new Date(),
      });
      continue;
    }
    if (plan.status === 'spam') {
      await changeStatus(deps, admin, ref, 3);
      continue;
    }
    await say(admin, answer);
    if (plan.tag) await changeTags(deps, admin, ref, 'add', [plan.tag]);
    if (plan.status === 'resolved' || plan.status === 'reopened') {
      await say(customer, 'Thank you!');
      await changeStatus(deps, admin, ref, 2);
    }
    if (plan.status === 'reopened') await say(customer, 'Actually, one more question about my order.');
  }
  // The sends went through the seed's transaction (`db`): their usage counts are written in it
  // too, before it ends (usage-meter.ts keeps one meter per handle).
  await usageMeterOf(db).close();
  return PLANS.length;
}
