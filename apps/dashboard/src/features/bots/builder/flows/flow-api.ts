// The Flow Designer's calls (FLOW_PATHS of packages/api/src/bots/bot-flows.ts).

import {
  FLOW_PATHS,
  type FlowGraphInput,
  type FlowRunStateInput,
  type FlowUpdate,
  flowEmulatorResponseSchema,
  flowListResponseSchema,
  flowPath,
  flowResponseSchema,
  flowVersionsResponseSchema,
} from '@convo/api';
import { z } from 'zod';
import { apiRequest } from '../../../../app/api/api-client';

export const flowKeys = {
  list: (botId: string) => ['bots', botId, 'flows'] as const,
  flow: (botId: string, flowId: string) => ['bots', botId, 'flows', flowId] as const,
  versions: (botId: string, flowId: string) => ['bots', botId, 'flows', flowId, 'versions'] as const,
};

export async function fetchFlows(botId: string, signal?: AbortSignal) {
  return (await apiRequest(flowPath(FLOW_PATHS.flows, { botId }), { schema: flowListResponseSchema, signal }))
    .data;
}

export async function fetchFlow(botId: string, flowId: string, signal?: AbortSignal) {
  return (
    await apiRequest(flowPath(FLOW_PATHS.flow, { botId, flowId }), { schema: flowResponseSchema, signal })
  ).data;
}

export async function createFlow(botId: string, name: string) {
  return (
    await apiRequest(flowPath(FLOW_PATHS.flows, { botId }), {
      method: 'POST',
      body: { name },
      schema: flowResponseSchema,
    })
  ).data;
}

export async function updateFlow(botId: string, flowId: string, body: FlowUpdate) {
  return (
    await apiRequest(flowPath(FLOW_PATHS.flow, { botId, flowId }), {
      method: 'PATCH',
      body,
      schema: flowResponseSchema,
    })
  ).data;
}

export async function deleteFlow(botId: string, flowId: string) {
  await apiRequest(flowPath(FLOW_PATHS.flow, { botId, flowId }), { method: 'DELETE', schema: z.unknown() });
}

export async function publishFlow(botId: string, flowId: string) {
  return (
    await apiRequest(flowPath(FLOW_PATHS.publish, { botId, flowId }), {
      method: 'POST',
      schema: flowResponseSchema,
    })
  ).data;
}

export async function fetchVersions(botId: string, flowId: string, signal?: AbortSignal) {
  return (
    await apiRequest(flowPath(FLOW_PATHS.versions, { botId, flowId }), {
      schema: flowVersionsResponseSchema,
      signal,
    })
  ).data;
}

export async function rollbackFlow(botId: string, flowId: string, version: number) {
  return (
    await apiRequest(flowPath(FLOW_PATHS.rollback, { botId, flowId }), {
      method: 'POST',
      body: { version },
      schema: flowResponseSchema,
    })
  ).data;
}

export async function emulateFlow(
  botId: string,
  flowId: string,
  body: { message?: string; state?: FlowRunStateInput | null },
) {
  return (
    await apiRequest(flowPath(FLOW_PATHS.emulator, { botId, flowId }), {
      method: 'POST',
      body,
      schema: flowEmulatorResponseSchema,
    })
  ).data;
}

export type { FlowGraphInput };
