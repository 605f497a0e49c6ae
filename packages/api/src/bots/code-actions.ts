import { z } from 'zod';
import { successEnvelope } from '../accounts/index.js';
import { CODE_ACTION_LIMITS, codeRunErrorKinds } from './constants.js';

// Issue 36 item 4, SPEC §2 "generate code" and §7 "code-pilot generate and test-code": an admin
// describes a custom action, the application's LLM writes a JavaScript function, the admin edits
// it, tests it against a sample input in the sandbox and saves it; flows call it as a step.

const jsonObject = z.record(z.string(), z.unknown());
/** Its JSON's length; a value too deeply nested to serialise counts as endless. */
function jsonLength(value: unknown): number {
  try {
    return JSON.stringify(value).length;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}
const boundedObject = (max: number) =>
  jsonObject.refine((value) => jsonLength(value) <= max, {
    message: `must be at most ${max} characters of JSON`,
  });

export const codeActionInputSchema = boundedObject(CODE_ACTION_LIMITS.inputChars);
const codeText = z.string().min(1).max(CODE_ACTION_LIMITS.codeChars);

export const codeGenerateRequestSchema = z.object({
  description: z.string().trim().min(1).max(CODE_ACTION_LIMITS.descriptionChars),
  /** The AI agent whose model writes the code; default the application's first one with a model. */
  botId: z.uuid().optional(),
});
export type CodeGenerateRequest = z.infer<typeof codeGenerateRequestSchema>;
export const codeGenerateResultSchema = z.object({
  code: z.string(),
  /** The AI agent whose model wrote it. */
  generatedBy: z.object({ botId: z.string(), botName: z.string(), engine: z.string() }),
});
export type CodeGenerateResult = z.infer<typeof codeGenerateResultSchema>;
export const codeGenerateResponseSchema = successEnvelope(codeGenerateResultSchema);

export const codeTestRequestSchema = z.object({ code: codeText, input: codeActionInputSchema });
export type CodeTestRequest = z.infer<typeof codeTestRequestSchema>;

export const codeRunResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), output: jsonObject, logs: z.array(z.string()), durationMs: z.number() }),
  z.object({
    ok: z.literal(false),
    kind: z.enum(codeRunErrorKinds),
    error: z.string(),
    logs: z.array(z.string()),
    durationMs: z.number(),
  }),
]);
export type CodeRunResult = z.infer<typeof codeRunResultSchema>;
export const codeTestResponseSchema = successEnvelope(codeRunResultSchema);

export const codeActionWriteSchema = z.object({
  name: z.string().trim().min(1).max(CODE_ACTION_LIMITS.nameChars),
  description: z.string().trim().max(CODE_ACTION_LIMITS.descriptionChars).default(''),
  code: codeText,
  sampleInput: codeActionInputSchema.default({}),
});
export type CodeActionWrite = z.input<typeof codeActionWriteSchema>;

export const codeActionSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  code: z.string(),
  sampleInput: jsonObject,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CodeAction = z.infer<typeof codeActionSchema>;
export const codeActionIdParamsSchema = z.object({ actionId: z.uuid() });
export const codeActionResponseSchema = successEnvelope(codeActionSchema);
export const codeActionListResponseSchema = successEnvelope(z.array(codeActionSchema));
export const codeActionDeleteResponseSchema = successEnvelope(z.object({ deleted: z.literal(true) }));
