import { CUSTOM_ROUTE_BATCH_MAX } from '@convo/domain';
import { z } from 'zod';
import { platformOk } from '../messaging/index.js';

// Custom routing (SPEC §7 `customRouting/bulk/upsert` and `/bulk/delete`): route a customer's new
// conversations to a chosen agent or team. Rows come as JSON or as one CSV text (header userId,
// agentId, teamId); each row is checked on its own and the bad ones are reported by line.

/** Loose on purpose: a bad row is reported in the result, not a 400 for the whole batch. */
const cell = z.string().max(1000);
export const customRouteRowInputSchema = z.object({
  userId: cell,
  agentId: cell.nullable().optional(),
  teamId: cell.nullable().optional(),
});

export const customRoutingUpsertRequestSchema = z
  .object({
    rows: z.array(customRouteRowInputSchema).min(1).max(CUSTOM_ROUTE_BATCH_MAX).optional(),
    /** A CSV file's text: header row with userId and agentId and/or teamId. */
    csv: z
      .string()
      .min(1)
      .max(2 * 1024 * 1024)
      .optional(),
  })
  .refine((b) => (b.rows === undefined) !== (b.csv === undefined), {
    message: 'Give either rows or csv',
  });
export type CustomRoutingUpsertRequest = z.input<typeof customRoutingUpsertRequestSchema>;

export const customRouteErrorSchema = z.object({
  line: z.number(),
  userId: z.string(),
  code: z.string(),
  message: z.string(),
});

export const customRoutingUpsertResultSchema = z.object({
  created: z.number(),
  updated: z.number(),
  errors: z.array(customRouteErrorSchema),
});
export type CustomRoutingUpsertResult = z.infer<typeof customRoutingUpsertResultSchema>;
export const customRoutingUpsertResponseSchema = platformOk(customRoutingUpsertResultSchema);

export const customRoutingDeleteRequestSchema = z.object({
  userIds: z.array(z.string().trim().min(1).max(190)).min(1).max(CUSTOM_ROUTE_BATCH_MAX),
});
export const customRoutingDeleteResponseSchema = platformOk(z.object({ deleted: z.number() }));

export const customRouteSchema = z.object({
  userId: z.string(),
  agentId: z.string().nullable(),
  teamId: z.string().nullable(),
  teamName: z.string().nullable(),
  updatedAtTime: z.number(),
});
export type CustomRoute = z.infer<typeof customRouteSchema>;

export const customRoutingListQuerySchema = z.object({
  startIndex: z.coerce.number().int().min(0).max(1_000_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(100),
});
export const customRoutingListResponseSchema = platformOk(
  z.object({ routes: z.array(customRouteSchema), totalCount: z.number() }),
);
