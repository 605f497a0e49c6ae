import {
  AI_MODEL_PATHS,
  aiModelCredentialListResponseSchema,
  aiModelTestPath,
  aiModelTestResponseSchema,
  BOT_PATHS,
  botPath,
  botResponseSchema,
} from '@convo/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../app/api/api-client';

// The hub's AI model providers (issue 38 item 6): the AI agents' keys, masked; a new key is sent
// through the bot's own engine settings (write-only), the test asks the provider through the bot.

export const aiModelKeys = { list: ['integrations', 'ai-models'] as const };

export function useAiModelCredentials() {
  return useQuery({
    queryKey: aiModelKeys.list,
    queryFn: async ({ signal }) =>
      (await apiRequest(AI_MODEL_PATHS.list, { schema: aiModelCredentialListResponseSchema, signal })).data,
  });
}

export function useTestAiModel() {
  return useMutation({
    mutationFn: async (botId: string) =>
      (await apiRequest(aiModelTestPath(botId), { method: 'POST', schema: aiModelTestResponseSchema })).data,
  });
}

/** Replaces the agent's key, keeping its engine settings as they are (the PUT takes them whole). */
export function useReplaceAiModelKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ botId, apiKey }: { botId: string; apiKey: string }) => {
      const bot = (await apiRequest(botPath(BOT_PATHS.bot, { botId }), { schema: botResponseSchema })).data;
      await apiRequest(botPath(BOT_PATHS.botEngine, { botId }), {
        method: 'PUT',
        body: { settings: bot.settings, apiKey },
        schema: botResponseSchema,
      });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: aiModelKeys.list }),
  });
}
