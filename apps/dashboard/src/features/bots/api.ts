import {
  BOT_CREDENTIALS_PATHS,
  BOT_PATHS,
  type Bot,
  type BotCreate,
  type BotCredentialsUpdate,
  type BotEngineUpdate,
  type BotUpdate,
  botListResponseSchema,
  botPath,
  botResponseSchema,
  dialogflowAuthorizeUrlResponseSchema,
  type FirstResponderUpdate,
  messageResponseSchema,
  type SuggestionWrite,
  suggestionListResponseSchema,
  suggestionResponseSchema,
} from '@convo/api';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../app/api/api-client';

// The bots API of every bots screen (manage, integrations, builder list, builder). Screens import
// the hooks; a change to one bot refreshes the whole list, whose views carry first-responder flags.

export const botKeys = {
  all: ['bots'] as const,
  list: ['bots', 'list'] as const,
  bot: (botId: string) => ['bots', 'bot', botId] as const,
  suggestions: (botId: string | undefined) => ['bots', 'suggestions', botId ?? 'all'] as const,
};

export async function fetchBots(signal?: AbortSignal): Promise<Bot[]> {
  return (await apiRequest(BOT_PATHS.bots, { schema: botListResponseSchema, signal })).data;
}

export async function fetchBot(botId: string, signal?: AbortSignal): Promise<Bot> {
  return (await apiRequest(botPath(BOT_PATHS.bot, { botId }), { schema: botResponseSchema, signal })).data;
}

export async function createBot(body: BotCreate): Promise<Bot> {
  return (await apiRequest(BOT_PATHS.bots, { method: 'POST', body, schema: botResponseSchema })).data;
}

export async function updateBot(botId: string, body: BotUpdate): Promise<Bot> {
  return (
    await apiRequest(botPath(BOT_PATHS.bot, { botId }), { method: 'PATCH', body, schema: botResponseSchema })
  ).data;
}

export async function setBotStatus(botId: string, enabled: boolean): Promise<Bot> {
  return (
    await apiRequest(botPath(BOT_PATHS.botStatus, { botId }), {
      method: 'PUT',
      body: { enabled },
      schema: botResponseSchema,
    })
  ).data;
}

export async function deleteBot(botId: string): Promise<void> {
  await apiRequest(botPath(BOT_PATHS.bot, { botId }), { method: 'DELETE', schema: messageResponseSchema });
}

/** The write-only key: leave `apiKey` out to keep the stored one, '' removes it. */
export async function updateBotEngine(botId: string, body: BotEngineUpdate): Promise<Bot> {
  return (
    await apiRequest(botPath(BOT_PATHS.botEngine, { botId }), {
      method: 'PUT',
      body,
      schema: botResponseSchema,
    })
  ).data;
}

/** An external engine's credentials: switches the bot to that engine; the answer never holds a secret. */
export async function putBotCredentials(botId: string, body: BotCredentialsUpdate): Promise<Bot> {
  return (
    await apiRequest(botPath(BOT_CREDENTIALS_PATHS.credentials, { botId }), {
      method: 'PUT',
      body,
      schema: botResponseSchema,
    })
  ).data;
}

export async function deleteBotCredentials(botId: string): Promise<Bot> {
  return (
    await apiRequest(botPath(BOT_CREDENTIALS_PATHS.credentials, { botId }), {
      method: 'DELETE',
      schema: botResponseSchema,
    })
  ).data;
}

/** Google's consent URL for the bot's Dialogflow agent (opened in a pop-up). */
export async function fetchDialogflowAuthorizeUrl(botId: string): Promise<string> {
  return (
    await apiRequest(botPath(BOT_CREDENTIALS_PATHS.dialogflowAuthorizeUrl, { botId }), {
      schema: dialogflowAuthorizeUrlResponseSchema,
    })
  ).data.url;
}

/** /dialogflow-callback's code and state: the server exchanges the code for the agent's tokens. */
export async function completeDialogflowAuthorization(body: { code: string; state: string }): Promise<Bot> {
  return (
    await apiRequest(BOT_CREDENTIALS_PATHS.dialogflowAuthorize, {
      method: 'POST',
      body,
      schema: botResponseSchema,
    })
  ).data;
}

export async function setFirstResponder(body: FirstResponderUpdate): Promise<Bot[]> {
  return (await apiRequest(BOT_PATHS.firstResponder, { method: 'PUT', body, schema: botListResponseSchema }))
    .data;
}

export async function clearFirstResponder(teamId?: string): Promise<Bot[]> {
  return (
    await apiRequest(BOT_PATHS.firstResponder, {
      method: 'DELETE',
      query: { teamId },
      schema: botListResponseSchema,
    })
  ).data;
}

export async function fetchSuggestions(botId?: string, signal?: AbortSignal) {
  return (
    await apiRequest(BOT_PATHS.suggestions, {
      query: { botId },
      schema: suggestionListResponseSchema,
      signal,
    })
  ).data;
}

export async function createSuggestion(body: SuggestionWrite) {
  return (await apiRequest(BOT_PATHS.suggestions, { method: 'POST', body, schema: suggestionResponseSchema }))
    .data;
}

export async function updateSuggestion(suggestionId: string, body: SuggestionWrite) {
  return (
    await apiRequest(botPath(BOT_PATHS.suggestion, { suggestionId }), {
      method: 'PUT',
      body,
      schema: suggestionResponseSchema,
    })
  ).data;
}

export async function deleteSuggestion(suggestionId: string): Promise<void> {
  await apiRequest(botPath(BOT_PATHS.suggestion, { suggestionId }), {
    method: 'DELETE',
    schema: messageResponseSchema,
  });
}

// ---- Hooks -----------------------------------------------------------------------------------

export function useBots() {
  return useQuery({ queryKey: botKeys.list, queryFn: ({ signal }) => fetchBots(signal) });
}

/** One bot; disabled (pending forever) without an id, e.g. a builder URL missing ?botId. */
export function useBot(botId: string | null | undefined) {
  return useQuery({
    queryKey: botKeys.bot(botId ?? ''),
    queryFn: ({ signal }) => fetchBot(botId ?? '', signal),
    enabled: typeof botId === 'string' && botId !== '',
  });
}

export function useSuggestions(botId?: string) {
  return useQuery({
    queryKey: botKeys.suggestions(botId),
    queryFn: ({ signal }) => fetchSuggestions(botId, signal),
  });
}

/** After any change: the list and every cached bot are read again. */
export function invalidateBots(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: botKeys.all });
}

/** Mutations that refresh the bots when they settle; screens add their own toasts. */
function useBotMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => invalidateBots(queryClient) });
}

export const useCreateBot = () => useBotMutation(createBot);
export const useUpdateBot = () =>
  useBotMutation(({ botId, body }: { botId: string; body: BotUpdate }) => updateBot(botId, body));
export const useSetBotStatus = () =>
  useBotMutation(({ botId, enabled }: { botId: string; enabled: boolean }) => setBotStatus(botId, enabled));
export const useDeleteBot = () => useBotMutation((botId: string) => deleteBot(botId));
export const useUpdateBotEngine = () =>
  useBotMutation(({ botId, body }: { botId: string; body: BotEngineUpdate }) => updateBotEngine(botId, body));
export const usePutBotCredentials = () =>
  useBotMutation(({ botId, body }: { botId: string; body: BotCredentialsUpdate }) =>
    putBotCredentials(botId, body),
  );
export const useDeleteBotCredentials = () => useBotMutation((botId: string) => deleteBotCredentials(botId));
export const useCompleteDialogflowAuthorization = () => useBotMutation(completeDialogflowAuthorization);
export const useSetFirstResponder = () => useBotMutation(setFirstResponder);
export const useClearFirstResponder = () => useBotMutation((teamId?: string) => clearFirstResponder(teamId));
