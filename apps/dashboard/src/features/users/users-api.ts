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
import { downloadFile } from '../../app/api/download';

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
  await downloadFile(P.export, 'users.csv');
}
