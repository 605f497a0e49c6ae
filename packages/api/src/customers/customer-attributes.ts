import { z } from 'zod';
import { successEnvelope } from '../accounts/index.js';
import { CUSTOMER_ATTRIBUTE_TYPES, CUSTOMER_ATTRIBUTES_MAX } from './constants.js';

// Product API for /settings/user-details: which customer details and custom attributes agents see
// on a customer (inbox side panel, /users), with their labels and order. Per application.

export const customerAttributeSchema = z.object({
  id: z.string(),
  /** The metadata key on the customer (e.g. "plan"). */
  key: z.string(),
  label: z.string(),
  type: z.enum(CUSTOMER_ATTRIBUTE_TYPES),
  visibleToAgents: z.boolean(),
  position: z.number(),
});
export type CustomerAttribute = z.infer<typeof customerAttributeSchema>;

const keySchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_.-]+$/, 'Use letters, digits, dot, dash or underscore.');

export const customerAttributeCreateRequestSchema = z.object({
  key: keySchema,
  label: z.string().trim().min(1).max(100),
  type: z.enum(CUSTOMER_ATTRIBUTE_TYPES).default('text'),
  visibleToAgents: z.boolean().default(true),
});
export const customerAttributeUpdateRequestSchema = z.object({
  key: keySchema.optional(),
  label: z.string().trim().min(1).max(100).optional(),
  type: z.enum(CUSTOMER_ATTRIBUTE_TYPES).optional(),
  visibleToAgents: z.boolean().optional(),
});
/** The full new order: every attribute's id, each once. */
export const customerAttributeReorderRequestSchema = z.object({
  ids: z.array(z.string().uuid()).max(CUSTOMER_ATTRIBUTES_MAX),
});
export const customerAttributeParamsSchema = z.object({ id: z.string().uuid() });

export const customerAttributeResponseSchema = successEnvelope(customerAttributeSchema);
export const customerAttributeListResponseSchema = successEnvelope(z.array(customerAttributeSchema));
