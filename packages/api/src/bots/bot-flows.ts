import {
  FLOW_ANSWER_KINDS,
  FLOW_ATTRIBUTE_REGEX,
  FLOW_CONDITION_OPS,
  FLOW_ERROR_CODES,
  FLOW_HANDLES,
  FLOW_HTTP_METHODS,
  FLOW_LIMITS,
} from '@convo/domain';
import { z } from 'zod';
import { messageResponseSchema, successEnvelope } from '../accounts/index.js';

// Flow Designer (issue 36 item 1; SPEC §3 flow {id, name, botKey}): flows of a bot, their draft
// graph, published versions, rollback, and the flow emulator. Validation rules: @convo/domain bot-flows.

export const FLOW_PATHS = {
  /** GET the bot's flows; POST { name } creates one. */
  flows: '/api/bots/:botId/flows',
  /** GET one flow with its draft; PATCH { name?, intent?, isDefault?, draft? }; DELETE. */
  flow: '/api/bots/:botId/flows/:flowId',
  /** POST: validate the draft and publish it as a new version (422 FLOW_INVALID with the problems). */
  publish: '/api/bots/:botId/flows/:flowId/publish',
  /** GET the published versions, newest first. */
  versions: '/api/bots/:botId/flows/:flowId/versions',
  /** POST { version }: publish an earlier version again (and make it the draft). */
  rollback: '/api/bots/:botId/flows/:flowId/rollback',
  /** POST { message?, state? }: one turn of the draft flow, without storing anything. */
  emulator: '/api/bots/:botId/flows/:flowId/emulator',
} as const;

export const FLOW_INVALID = 'FLOW_INVALID';
export const FLOW_NOT_FOUND = 'FLOW_NOT_FOUND';

const id = z.string().trim().min(1).max(64);
const text = z.string().max(FLOW_LIMITS.textLength);
const attribute = z.string().regex(FLOW_ATTRIBUTE_REGEX);
const position = z.object({ x: z.number().finite(), y: z.number().finite() });
const base = { id, position };

export const flowNodeSchema = z.discriminatedUnion('type', [
  z.object({
    ...base,
    type: z.literal('message'),
    text,
    rich: z.record(z.string().max(100), z.string().max(FLOW_LIMITS.textLength)).optional(),
  }),
  z.object({
    ...base,
    type: z.literal('question'),
    text,
    attribute: z.string().max(64),
    answer: z.enum(FLOW_ANSWER_KINDS),
    choices: z.array(z.string().trim().min(1).max(100)).max(FLOW_LIMITS.choices).optional(),
    retryText: text.optional(),
  }),
  z.object({
    ...base,
    type: z.literal('condition'),
    attribute: z.string().max(64),
    op: z.enum(FLOW_CONDITION_OPS),
    value: z.string().max(500),
  }),
  z.object({
    ...base,
    type: z.literal('api'),
    method: z.enum(FLOW_HTTP_METHODS),
    url: z.string().max(2000),
    headers: z
      .array(z.object({ name: z.string().trim().min(1).max(100), value: z.string().max(1000) }))
      .max(FLOW_LIMITS.headers),
    body: z.string().max(10_000),
    responseMap: z
      .array(z.object({ path: z.string().max(200), attribute: z.string().max(64) }))
      .max(FLOW_LIMITS.responseMap),
    timeoutMs: z.number().int().min(100).max(FLOW_LIMITS.maxTimeoutMs),
  }),
  z.object({
    ...base,
    type: z.literal('code'),
    actionId: z.string().max(64),
    responseMap: z
      .array(z.object({ path: z.string().max(200), attribute: z.string().max(64) }))
      .max(FLOW_LIMITS.responseMap),
  }),
  z.object({
    ...base,
    type: z.literal('handoff'),
    text,
    assignTo: z.string().max(200).optional(),
    assignTeam: z.string().max(200).optional(),
  }),
  z.object({ ...base, type: z.literal('answer'), intent: z.string().max(150) }),
  z.object({ ...base, type: z.literal('end'), text: text.optional() }),
]);

export const flowEdgeSchema = z.object({
  id,
  source: z.string().max(64),
  target: z.string().max(64),
  handle: z.enum(FLOW_HANDLES),
});

export const flowGraphSchema = z.object({
  start: z.string().max(64),
  attributes: z.array(attribute).max(FLOW_LIMITS.attributes),
  nodes: z.array(flowNodeSchema).max(FLOW_LIMITS.nodes),
  edges: z.array(flowEdgeSchema).max(FLOW_LIMITS.edges),
});
export type FlowGraphInput = z.infer<typeof flowGraphSchema>;

export const flowProblemSchema = z.object({
  code: z.enum(Object.values(FLOW_ERROR_CODES) as [string, ...string[]]),
  nodeId: z.string().nullable(),
  edgeId: z.string().optional(),
  message: z.string(),
});

/** SPEC §3 flow {id, name, botKey} with the designer's own fields. */
export const flowSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  botKey: z.uuid(),
  /** The answer (intent name) that starts this flow; null: only the default flow or none. */
  intent: z.string().nullable(),
  isDefault: z.boolean(),
  /** The version customers run; null before the first publish. */
  publishedVersion: z.number().int().nullable(),
  /** The draft differs from the published version. */
  hasChanges: z.boolean(),
  updatedAt: z.string(),
});
export type FlowSummary = z.infer<typeof flowSummarySchema>;

export const flowDetailSchema = flowSummarySchema.extend({
  draft: flowGraphSchema,
  /** The draft's problems (empty: it can be published). */
  problems: z.array(flowProblemSchema),
});
export type FlowDetail = z.infer<typeof flowDetailSchema>;

export const flowVersionSchema = z.object({
  version: z.number().int(),
  createdAt: z.string(),
  /** The version this one was rolled back to, if it was a rollback. */
  rolledBackFrom: z.number().int().nullable(),
  nodeCount: z.number().int(),
});
export type FlowVersion = z.infer<typeof flowVersionSchema>;

export const flowIdParamsSchema = z.object({ botId: z.uuid(), flowId: z.uuid() });
export const flowCreateSchema = z.object({ name: z.string().trim().min(1).max(100) });
export const flowUpdateSchema = z.object({
  name: z.string().trim().min(1).max(100).optional(),
  intent: z.string().trim().min(1).max(150).nullable().optional(),
  isDefault: z.boolean().optional(),
  draft: flowGraphSchema.optional(),
});
export type FlowUpdate = z.infer<typeof flowUpdateSchema>;
export const flowRollbackSchema = z.object({ version: z.number().int().positive() });

export const flowListResponseSchema = successEnvelope(z.array(flowSummarySchema));
export const flowResponseSchema = successEnvelope(flowDetailSchema);
export const flowVersionsResponseSchema = successEnvelope(z.array(flowVersionSchema));
export const flowDeleteResponseSchema = messageResponseSchema;

/** A flow's place in one conversation (the emulator carries it between turns). */
export const flowRunStateSchema = z.object({
  nodeId: z.string().max(64).nullable(),
  /** The question step waiting for the customer's answer, if any. */
  waiting: z.boolean(),
  attributes: z.record(z.string().max(64), z.string().max(FLOW_LIMITS.attributeValueLength)),
});
export type FlowRunStateInput = z.infer<typeof flowRunStateSchema>;

export const flowEmulatorRequestSchema = z.object({
  message: z.string().trim().max(2000).optional(),
  /** null or absent: start the flow. */
  state: flowRunStateSchema.nullable().optional(),
});
export const flowEmulatorReplySchema = z.object({
  messages: z.array(z.object({ text: z.string(), metadata: z.record(z.string(), z.string()) })),
  state: flowRunStateSchema,
  done: z.boolean(),
  handoff: z.object({ assignTo: z.string().nullable(), assignTeam: z.string().nullable() }).nullable(),
  /** A go-to-answer step: the answer (intent) the bot answers with next. */
  answer: z.string().nullable(),
  /** Steps walked this turn, in order (for the designer to highlight). */
  path: z.array(z.string()),
});
export type FlowEmulatorReply = z.infer<typeof flowEmulatorReplySchema>;
export const flowEmulatorResponseSchema = successEnvelope(flowEmulatorReplySchema);

/** A path with its ids filled in. */
export function flowPath(path: string, params: Record<string, string>): string {
  return path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(params[name] ?? ''));
}
