import { z } from 'zod';
import { successEnvelope } from '../accounts/index.js';

// Issue 38 item 6: the AI model providers' credentials in the integrations hub. The keys are the
// AI agents' own (set on /bots/bot-integrations, write-only); the hub lists them in one place,
// masked, and tests each against its provider. No key is ever returned.

export const aiModelCredentialSchema = z.object({
  botId: z.string(),
  botName: z.string(),
  engine: z.enum(['openai', 'gemini', 'anthropic']),
  model: z.string().nullable(),
  /** An OpenAI-compatible server's address when the bot has one (the key is then optional). */
  baseUrl: z.string().nullable(),
  /** The key masked to its last four characters ("••••abcd"); null when none is stored. */
  maskedKey: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type AiModelCredential = z.infer<typeof aiModelCredentialSchema>;
export const aiModelCredentialListResponseSchema = successEnvelope(z.array(aiModelCredentialSchema));
export const aiModelTestParamsSchema = z.object({ botId: z.uuid() });

export const aiModelTestResultSchema = z.object({
  ok: z.boolean(),
  /** The provider's refusal as the engines name it (INVALID_CREDENTIALS, RATE_LIMITED, TIMEOUT, PROVIDER_ERROR). */
  code: z.string().nullable(),
  message: z.string(),
  latencyMs: z.number(),
});
export type AiModelTestResult = z.infer<typeof aiModelTestResultSchema>;
export const aiModelTestResponseSchema = successEnvelope(aiModelTestResultSchema);
