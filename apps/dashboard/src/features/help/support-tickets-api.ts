import {
  SUPPORT_TICKET_PATHS,
  type SupportTicketCreateRequest,
  supportTicketCreatedResponseSchema,
  supportTicketDetailResponseSchema,
  supportTicketListResponseSchema,
  supportTicketPath,
  supportTicketTypeListResponseSchema,
  supportTicketTypeResponseSchema,
} from '@convo/api';
import { apiRequest } from '../../app/api/api-client';

// Support tickets: the public /help form files one; the support workspace's members answer them.

export const supportTicketKeys = {
  all: ['support-tickets'] as const,
  list: (status: number) => ['support-tickets', 'list', status] as const,
  detail: (id: string) => ['support-tickets', 'detail', id] as const,
  types: ['support-tickets', 'types'] as const,
  publicTypes: ['support-tickets', 'public-types'] as const,
};

export async function fetchPublicTicketTypes(signal?: AbortSignal) {
  return (
    await apiRequest(SUPPORT_TICKET_PATHS.publicTypes, {
      schema: supportTicketTypeListResponseSchema,
      token: null,
      signal,
    })
  ).data;
}

export async function fileTicket(body: SupportTicketCreateRequest) {
  return (
    await apiRequest(SUPPORT_TICKET_PATHS.publicTickets, {
      schema: supportTicketCreatedResponseSchema,
      token: null,
      body,
    })
  ).data;
}

export async function fetchTickets(status: number, signal?: AbortSignal) {
  return (
    await apiRequest(SUPPORT_TICKET_PATHS.tickets, {
      schema: supportTicketListResponseSchema,
      query: { status: String(status) },
      signal,
    })
  ).data;
}

export async function fetchTicket(id: string, signal?: AbortSignal) {
  return (await apiRequest(supportTicketPath(id), { schema: supportTicketDetailResponseSchema, signal }))
    .data;
}

export async function replyToTicket(id: string, message: string) {
  return (
    await apiRequest(`${supportTicketPath(id)}/replies`, {
      schema: supportTicketDetailResponseSchema,
      body: { message },
    })
  ).data;
}

export async function setTicketStatus(id: string, status: number) {
  return (
    await apiRequest(`${supportTicketPath(id)}/status`, {
      schema: supportTicketDetailResponseSchema,
      method: 'PATCH',
      body: { status },
    })
  ).data;
}

export async function fetchTicketTypes(signal?: AbortSignal) {
  return (
    await apiRequest(SUPPORT_TICKET_PATHS.types, { schema: supportTicketTypeListResponseSchema, signal })
  ).data;
}

export async function createTicketType(name: string) {
  return (
    await apiRequest(SUPPORT_TICKET_PATHS.types, { schema: supportTicketTypeResponseSchema, body: { name } })
  ).data;
}
