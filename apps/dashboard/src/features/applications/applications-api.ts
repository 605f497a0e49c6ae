// Several applications per account (packages/api APPLICATION_PATHS): list, create, switch.

import {
  APPLICATION_PATHS,
  createApplicationResponseSchema,
  type MemberApplication,
  memberApplicationListResponseSchema,
  type Session,
  switchApplicationResponseSchema,
} from '@convo/api';
import { apiRequest } from '../../app/api/api-client';

export const applicationKeys = {
  list: ['applications', 'list'] as const,
};

export async function fetchApplications(signal?: AbortSignal): Promise<MemberApplication[]> {
  const response = await apiRequest(APPLICATION_PATHS.list, {
    schema: memberApplicationListResponseSchema,
    signal,
  });
  return response.data;
}

export async function createApplication(name: string): Promise<MemberApplication> {
  const response = await apiRequest(APPLICATION_PATHS.list, {
    body: { name },
    schema: createApplicationResponseSchema,
  });
  return response.data;
}

export async function requestSwitch(applicationId: string, otp?: string): Promise<Session> {
  const response = await apiRequest(APPLICATION_PATHS.switch, {
    body: { applicationId, ...(otp ? { otp } : {}) },
    schema: switchApplicationResponseSchema,
  });
  return response.data;
}
