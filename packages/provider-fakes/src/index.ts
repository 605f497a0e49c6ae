// Local HTTP servers that speak real providers' wire formats, for integration tests, e2e and
// benches (docs/architecture.md, "a provider's local test server").
export { startFakeAnthropic } from './anthropic/index.js';
export { geminiModelOf, startFakeGemini } from './gemini/index.js';
export { startFakeOpenAI } from './openai/index.js';
export type { FakeOptions, FakeProvider, FakeReply, FakeUsage, RecordedCall } from './shared/fake-server.js';
export { type FakeStripe, type FakeStripeObject, startFakeStripe, stripeSignature } from './stripe/index.js';
