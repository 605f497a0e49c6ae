// Local HTTP servers that speak real providers' wire formats, for integration tests, e2e and
// benches (docs/architecture.md, "a provider's local test server").
export { startFakeAnthropic } from './anthropic/index.js';
export {
  type BigCommerceCall,
  type FakeBigCommerce,
  type FakeBigCommerceOrderInput,
  startFakeBigCommerce,
} from './bigcommerce/index.js';
export { type FakeCustomBot, startFakeCustomBot } from './custom-bot/index.js';
export {
  type Dialog360Call,
  type Dialog360Error,
  type FakeDialog360,
  startFakeDialog360,
} from './dialog360/index.js';
export { type FakeDialogflow, startFakeDialogflow } from './dialogflow/index.js';
export {
  type FakeGallabox,
  GALLABOX_SECRET_HEADER,
  type GallaboxCall,
  type GallaboxError,
  gallaboxMessageEvent,
  gallaboxStatusEvent,
  startFakeGallabox,
} from './gallabox/index.js';
export { geminiModelOf, startFakeGemini } from './gemini/index.js';
export {
  type FakeHubSpot,
  type FakeHubSpotPortal,
  type FakeHubSpotRecord,
  HUBSPOT_NOTE_TO_CONTACT,
  startFakeHubSpot,
} from './hubspot/index.js';
export { type FakeLex, startFakeLex } from './lex/index.js';
export {
  type FakeLine,
  type FakeLineEventInput,
  type LineCall,
  type LineError,
  lineSignature,
  startFakeLine,
} from './line/index.js';
export {
  type FakeMeta,
  type FakeMetaPage,
  type MetaCall,
  type MetaGraphError,
  messengerDelivery,
  metaSignature,
  startFakeMeta,
  whatsAppDelivery,
} from './meta/index.js';
export { FAKE_EMBEDDING_DIMENSIONS, fakeEmbedding, startFakeOpenAI } from './openai/index.js';
export {
  type FakeRecaptcha,
  RECAPTCHA_VERIFY_PATH,
  type RecaptchaCall,
  type RecaptchaErrorCode,
  type RecaptchaOutage,
  startFakeRecaptcha,
} from './recaptcha/index.js';
export {
  type FakeS3,
  type FakeS3Call,
  type FakeS3Object,
  type FakeS3Options,
  startFakeS3,
} from './s3/index.js';
export {
  type FakeSalesforce,
  type FakeSalesforceOrg,
  type FakeSalesforceRecord,
  startFakeSalesforce,
} from './salesforce/index.js';
export { type FakeSentry, type SentryCall, startFakeSentry } from './sentry/index.js';
export type { BotFakeAnswer, BotFakeCall } from './shared/bot-fake.js';
export type { FakeOptions, FakeProvider, FakeReply, FakeUsage, RecordedCall } from './shared/fake-server.js';
export {
  type FakeShopify,
  type FakeShopifyOrderInput,
  type ShopifyCall,
  startFakeShopify,
} from './shopify/index.js';
export {
  type Delivery as SlackDelivery,
  type DeliveryOptions as SlackDeliveryOptions,
  type FakeSlack,
  type FakeSlackUser,
  type SlackCall,
  type SlackError,
  type SlackMessage,
  slackRequestSignature,
  startFakeSlack,
} from './slack/index.js';
export { type FakeStripe, type FakeStripeObject, startFakeStripe, stripeSignature } from './stripe/index.js';
export {
  type FakeTelegram,
  type FakeTelegramUpdateInput,
  startFakeTelegram,
  type TelegramCall,
  type TelegramError,
} from './telegram/index.js';
export {
  type FakeTwilio,
  startFakeTwilio,
  type TwilioCall,
  type TwilioContentTemplate,
  type TwilioError,
  type TwilioFakeCall,
  twilioSignature,
} from './twilio/index.js';
export {
  type CallOutcome,
  type PlacedCall,
  twilioVoiceCaller,
  type VoiceStep,
} from './twilio/voice.js';
export {
  type FakeViber,
  type FakeViberMessageInput,
  startFakeViber,
  type ViberCall,
  type ViberError,
  viberSignature,
} from './viber/index.js';
export { type FakeWatson, startFakeWatson } from './watson/index.js';
export { type FakeZendesk, type FakeZendeskTicket, startFakeZendesk } from './zendesk/index.js';
