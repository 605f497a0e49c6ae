import { z } from 'zod';
import { successEnvelope } from '../accounts/index.js';
import { CUSTOMER_IMPORT_BATCH_MAX } from './constants.js';

// Product API for /users (the company's customers: the application's end users). Lists are paged
// by the dashboard's page size (SPEC §9); CSV import goes in batches, each reported row by row.

export const customerSchema = z.object({
  userId: z.string(),
  displayName: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  /** away 0, online 1 (SPEC §4). */
  status: z.number(),
  metadata: z.record(z.string(), z.string()),
  createdAtTime: z.number(),
  lastSeenAtTime: z.number().nullable(),
});
export type Customer = z.infer<typeof customerSchema>;

export const customerListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  status: z.enum(['all', 'online', 'away']).default('all'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export const customerListResponseSchema = successEnvelope(
  z.object({ users: z.array(customerSchema), total: z.number(), page: z.number(), pageSize: z.number() }),
);

export const customerParamsSchema = z.object({ userId: z.string().trim().min(1).max(190) });
export const customerResponseSchema = successEnvelope(customerSchema);
export const customerUpdateRequestSchema = z.object({
  displayName: z.string().trim().min(1).max(120).optional(),
  email: z.string().trim().toLowerCase().max(254).email().nullable().optional(),
  phoneNumber: z.string().trim().max(20).nullable().optional(),
  /** Replaces the custom attributes. */
  metadata: z.record(z.string().trim().min(1).max(100), z.string().max(1000)).optional(),
});

export const customerImportRowSchema = z.object({
  line: z.number().int().min(1),
  userId: z.string().max(1000),
  displayName: z.string().max(1000).optional(),
  email: z.string().max(1000).optional(),
  phoneNumber: z.string().max(1000).optional(),
  metadata: z.record(z.string(), z.string()).default({}),
});
export const customerImportRequestSchema = z.object({
  rows: z.array(customerImportRowSchema).min(1).max(CUSTOMER_IMPORT_BATCH_MAX),
});
export const customerImportResultSchema = z.object({
  created: z.number(),
  updated: z.number(),
  errors: z.array(z.object({ line: z.number(), userId: z.string(), message: z.string() })),
});
export type CustomerImportResult = z.infer<typeof customerImportResultSchema>;
export const customerImportResponseSchema = successEnvelope(customerImportResultSchema);

export const customerBulkDeleteRequestSchema = z.object({
  userIds: z.array(z.string().trim().min(1).max(190)).min(1).max(1000),
});
export const customerBulkDeleteResponseSchema = successEnvelope(z.object({ deleted: z.number() }));
