// The generate-code section's calls (CODE_ACTION_PATHS of packages/api/src/bots/code-actions.ts):
// the LLM writes, the sandbox tests, the application's actions are saved.

import {
  CODE_ACTION_PATHS,
  type CodeActionWrite,
  codeActionListResponseSchema,
  codeActionPath,
  codeActionResponseSchema,
  codeGenerateResponseSchema,
  codeTestResponseSchema,
} from '@convo/api';
import { z } from 'zod';
import { apiRequest } from '../../../app/api/api-client';

export const codeActionKeys = { list: ['code-actions'] as const };

export async function fetchCodeActions(signal?: AbortSignal) {
  return (await apiRequest(CODE_ACTION_PATHS.actions, { schema: codeActionListResponseSchema, signal })).data;
}

export async function generateCode(description: string) {
  return (
    await apiRequest(CODE_ACTION_PATHS.generate, {
      method: 'POST',
      body: { description },
      schema: codeGenerateResponseSchema,
    })
  ).data;
}

export async function testCode(code: string, input: Record<string, unknown>) {
  return (
    await apiRequest(CODE_ACTION_PATHS.testCode, {
      method: 'POST',
      body: { code, input },
      schema: codeTestResponseSchema,
    })
  ).data;
}

export async function saveCodeAction(actionId: string | null, write: CodeActionWrite) {
  return (
    await apiRequest(actionId === null ? CODE_ACTION_PATHS.actions : codeActionPath(actionId), {
      method: actionId === null ? 'POST' : 'PUT',
      body: write,
      schema: codeActionResponseSchema,
    })
  ).data;
}

export async function deleteCodeAction(actionId: string) {
  await apiRequest(codeActionPath(actionId), { method: 'DELETE', schema: z.unknown() });
}

/** A sample input as typed: a JSON object, or why it is not one. */
export function parseSampleInput(text: string): { ok: true; value: Record<string, unknown> } | { ok: false } {
  if (text.trim() === '') return { ok: true, value: {} };
  try {
    const value: unknown = JSON.parse(text);
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      return { ok: true, value: value as Record<string, unknown> };
    }
  } catch {
    // Not JSON: reported below like any non-object.
  }
  return { ok: false };
}
