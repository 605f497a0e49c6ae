import { DEFAULT_INTENTS } from '@convo/domain';
import type { Db } from '../../platform/db/database.js';
import { insertMissingIntents, setFirstResponder, splitPassages, trainModels } from '../bots/index.js';
import * as repo from './demo-bot-repository.js';

// The demo store's AI agent: a kompose bot that answers shipping, returns, opening hours and
// payment questions, knows the store guide, is the application's first responder and hands off
// to Ana Agent when a customer asks for a person. Its classifier is trained here, at seed time,
// so the demo answers from the first message without waiting for the training queue.

export const DEMO_BOT_NAME = 'Store Assistant';

interface DemoIntent {
  section: 'welcome-message' | 'answers' | 'small-talk' | 'fallback';
  name: string;
  userSays: string[];
  reply: string;
}

export const DEMO_BOT_INTENTS: readonly DemoIntent[] = [
  {
    section: 'welcome-message',
    name: DEFAULT_INTENTS.welcome.name,
    userSays: [],
    reply: "Hi! I'm the Store Assistant. Ask me about shipping, returns, opening hours or payment.",
  },
  {
    section: 'answers',
    name: 'Shipping',
    userSays: [
      'how long does shipping take',
      'when will my order arrive',
      'how much is delivery',
      'do you ship abroad',
      'shipping cost',
      'delivery time',
      'is shipping free',
    ],
    reply:
      'Orders ship within 1 business day and arrive in 2 to 4 days. Shipping is free over $50, otherwise $4.90.',
  },
  {
    section: 'answers',
    name: 'Returns',
    userSays: [
      'how do I return an item',
      'what is your return policy',
      'can I get a refund',
      'I want to send it back',
      'exchange a product',
      'refund my order',
    ],
    reply:
      'You can return any unused item within 30 days for a full refund. Start a return from your order page.',
  },
  {
    section: 'answers',
    name: 'Opening hours',
    userSays: [
      'what are your opening hours',
      'when are you open',
      'what time do you close',
      'are you open on sunday',
      'store hours',
      'is the shop open today',
    ],
    reply: 'Our store is open Monday to Saturday, 9am to 6pm, and closed on Sundays.',
  },
  {
    section: 'answers',
    name: 'Payment',
    userSays: [
      'which payment methods do you accept',
      'can I pay with paypal',
      'do you take credit cards',
      'pay by card',
      'can I pay in installments',
      'payment options',
    ],
    reply: 'We accept Visa, Mastercard, American Express, PayPal and bank transfer.',
  },
  {
    section: 'answers',
    name: 'Order tracking',
    userSays: [
      'where is my order',
      'track my package',
      'order status',
      'has my order shipped',
      'tracking number',
    ],
    reply: 'You will find the tracking link in your shipping e-mail and on your order page.',
  },
  {
    section: 'small-talk',
    name: 'Greeting',
    userSays: ['hi', 'hello', 'hey there', 'good morning', 'hello there'],
    reply: 'Hello! How can I help you today?',
  },
  {
    section: 'small-talk',
    name: 'Thanks',
    userSays: ['thanks', 'thank you', 'thanks a lot', 'great thank you', 'cheers'],
    reply: "You're welcome! Anything else I can help with?",
  },
  {
    section: 'fallback',
    name: DEFAULT_INTENTS.fallback.name,
    userSays: [],
    reply:
      "Sorry, I didn't get that. Try asking about shipping, returns, opening hours or payment, or ask to talk to a person.",
  },
];

export const DEMO_STORE_GUIDE = `# Demo Store guide

## Shipping
We ship to the United States, Canada and the European Union. Orders placed before 2pm ship the same
business day. Standard delivery takes 2 to 4 business days; express delivery takes 1 business day and
costs $12. Shipping is free on orders over $50.

## Returns and exchanges
Unused items can be returned within 30 days of delivery for a full refund. Exchanges are free: choose
"Exchange" on your order page and we send the new size or colour as soon as the return is scanned.
Refunds reach your card within 5 business days of the return arriving at our warehouse.

## Opening hours and location
Our shop at 12 Market Street is open Monday to Saturday from 9am to 6pm. It is closed on Sundays and
public holidays. Click and collect orders are ready two hours after you order.

## Payment
We accept Visa, Mastercard, American Express, PayPal and bank transfer. Orders over $200 can be paid in
three instalments with no fees.

## Gift cards
Gift cards are sold from $10 to $500, never expire and can be used in the shop and online.

## Warranty
Every product has a two-year warranty against manufacturing defects. Contact us with your order number
and a photo of the defect and we replace the product.
`;

/** Seeds the demo bot on the application's existing bot member; returns the bot's id. */
export async function seedDemoBot(
  db: Db,
  applicationId: string,
  botUserId: string,
  handoffAgentUserId: string | null,
): Promise<string> {
  const bot = await repo.insertBotForMember(db, {
    applicationId,
    userId: botUserId,
    name: DEMO_BOT_NAME,
    engine: 'kompose',
    settings: {
      confidenceThreshold: 0.35,
      fallbacksBeforeHandoff: 2,
      // The demo answers the /demo page's widget only: a real channel connected to the demo
      // workspace later reaches its people, never the sample store's assistant (issue 40).
      firstResponderChannels: ['web'],
      ...(handoffAgentUserId ? { handoffAssignTo: handoffAgentUserId } : {}),
    },
  });
  await insertMissingIntents(
    db,
    applicationId,
    bot.id,
    DEMO_BOT_INTENTS.map((intent) => ({
      language: 'en',
      section: intent.section,
      name: intent.name,
      userSays: intent.userSays,
      botSays: [{ kind: 'text', text: intent.reply }],
    })),
  );
  // Trained as the training job would (the bot's phrases, and small talk apart), only now.
  const models = trainModels(DEMO_BOT_INTENTS, 'en');
  await repo.insertReadyModel(db, {
    botId: bot.id,
    applicationId,
    language: 'en',
    model: { ...models },
  });
  await repo.insertReadyDocument(
    db,
    { applicationId, botId: bot.id, name: 'Store guide.md' },
    splitPassages(DEMO_STORE_GUIDE),
  );
  await setFirstResponder(db, applicationId, null, bot.id);
  return bot.id;
}
