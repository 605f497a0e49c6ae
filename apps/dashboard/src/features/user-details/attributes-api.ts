import {
  type customerAttributeCreateRequestSchema,
  customerAttributeListResponseSchema,
  customerAttributePath,
  customerAttributeResponseSchema,
  type customerAttributeUpdateRequestSchema,
  messageResponseSchema,
  CUSTOMER_ATTRIBUTE_PATHS as P,
} from '@convo/api';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../app/api/api-client';

// The customer attribute definitions of /settings/user-details, also read by the /users drawer.

export const attributesKey = ['settings', 'customer-attributes'] as const;

export async function fetchAttributes(signal?: AbortSignal) {
  return (await apiRequest(P.list, { schema: customerAttributeListResponseSchema, signal })).data;
}

/** The definitions, shared by every screen that shows a customer. */
export const useCustomerAttributes = () =>
  useQuery({ queryKey: attributesKey, queryFn: ({ signal }) => fetchAttributes(signal) });

export async function createAttribute(body: z.input<typeof customerAttributeCreateRequestSchema>) {
  return (await apiRequest(P.list, { method: 'POST', body, schema: customerAttributeResponseSchema })).data;
}

export async function updateAttribute(
  id: string,
  body: z.input<typeof customerAttributeUpdateRequestSchema>,
) {
  return (
    await apiRequest(customerAttributePath(id), {
      method: 'PATCH',
      body,
      schema: customerAttributeResponseSchema,
    })
  ).data;
}

export async function deleteAttribute(id: string) {
  await apiRequest(customerAttributePath(id), { method: 'DELETE', schema: messageResponseSchema });
}

export async function reorderAttributes(ids: string[]) {
  return (
    await apiRequest(P.order, { method: 'PUT', body: { ids }, schema: customerAttributeListResponseSchema })
  ).data;
}
