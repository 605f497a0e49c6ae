import type { customerUpdateRequestSchema } from '@convo/api';
import {
  customerBulkDeleteResponseSchema,
  customerImportResponseSchema,
  customerListResponseSchema,
  customerPath,
  customerResponseSchema,
  CUSTOMER_PATHS as P,
} from '@convo/api';
import type { CustomerCsvRow } from '@convo/domain';
import type { z } from 'zod';
import { apiRequest } from '../../app/api/api-client';
import { joinUrl } from '../../app/api/api-error';
import { configStore } from '../../app/config/config-store';
import { getSession } from '../../app/session/session-store';

export const usersKeys = {
  all: ['users'] as const,
  list: (q: UsersQuery) => ['users', 'list', q] as const,
};

export interface UsersQuery {
  search: string;
  status: 'all' | 'online' | 'away';
  page: number;
}

export async function fetchUsers(q: UsersQuery, pageSize: number, signal?: AbortSignal) {
  return (
    await apiRequest(P.list, {
      query: { search: q.search || undefined, status: q.status, page: q.page, pageSize },
      schema: customerListResponseSchema,
      signal,
    })
  ).data;
}

export async function updateUser(userId: string, body: z.input<typeof customerUpdateRequestSchema>) {
  return (await apiRequest(customerPath(userId), { method: 'PATCH', body, schema: customerResponseSchema }))
    .data;
}

export async function importBatch(rows: CustomerCsvRow[]) {
  return (await apiRequest(P.importBulk, { body: { rows }, schema: customerImportResponseSchema })).data;
}

export async function deleteUsers(userIds: string[]) {
  return (await apiRequest(P.deleteBulk, { body: { userIds }, schema: customerBulkDeleteResponseSchema }))
    .data;
}

/** The CSV of every user, as a file the browser saves. */
export async function downloadExport(): Promise<void> {
  const base = configStore.getState().config?.apiBaseUrl ?? '';
  const token = getSession()?.token;
  const response = await fetch(joinUrl(base, P.export), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(`Export failed (${response.status})`);
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = 'users.csv';
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
