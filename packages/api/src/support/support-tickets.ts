import { SUPPORT_TICKET_LIMITS as L } from '@convo/domain';
import { z } from 'zod';
import { successEnvelope } from '../accounts/index.js';

// Product API: support tickets. The public /help form stores a ticket for the install's support
// workspace (SUPPORT_APP_ID, else the first workspace); its members list, answer (by mail to the
// requester) and solve them on the dashboard's /help. Issue types: SPEC §7 "issue type create and list".

const text = (max: number) => z.string().trim().min(1).max(max);

export const supportTicketCreateRequestSchema = z.strictObject({
  name: text(L.name),
  email: z.email().max(L.email),
  subject: text(L.subject),
  description: text(L.description),
  typeId: z.uuid().optional(),
});
export type SupportTicketCreateRequest = z.infer<typeof supportTicketCreateRequestSchema>;

export const supportTicketReplyRequestSchema = z.strictObject({ message: text(L.reply) });
export const supportTicketStatusRequestSchema = z.strictObject({
  status: z.union([z.literal(0), z.literal(2)]),
});
export const supportTicketTypeRequestSchema = z.strictObject({ name: text(L.typeName) });
export const supportTicketIdParamsSchema = z.object({ id: z.uuid() });
export const supportTicketListQuerySchema = z.object({
  status: z.coerce
    .number()
    .pipe(z.union([z.literal(0), z.literal(2)]))
    .optional(),
});

export const supportTicketTypeSchema = z.object({ id: z.string(), name: z.string() });
export type SupportTicketType = z.infer<typeof supportTicketTypeSchema>;

export const supportTicketSchema = z.object({
  id: z.string(),
  reference: z.string(),
  status: z.number(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  description: z.string(),
  type: supportTicketTypeSchema.nullable(),
  replyCount: z.number(),
  createdAt: z.number(),
  solvedAt: z.number().nullable(),
});
export type SupportTicket = z.infer<typeof supportTicketSchema>;

export const supportTicketReplySchema = z.object({
  id: z.string(),
  message: z.string(),
  authorName: z.string().nullable(),
  createdAt: z.number(),
});
export type SupportTicketReply = z.infer<typeof supportTicketReplySchema>;

export const supportTicketDetailSchema = supportTicketSchema.extend({
  replies: z.array(supportTicketReplySchema),
});
export type SupportTicketDetail = z.infer<typeof supportTicketDetailSchema>;

export const supportTicketCreatedResponseSchema = successEnvelope(
  z.object({ id: z.string(), reference: z.string() }),
);
export const supportTicketListResponseSchema = successEnvelope(z.array(supportTicketSchema));
export const supportTicketDetailResponseSchema = successEnvelope(supportTicketDetailSchema);
export const supportTicketTypeListResponseSchema = successEnvelope(z.array(supportTicketTypeSchema));
export const supportTicketTypeResponseSchema = successEnvelope(supportTicketTypeSchema);
