// Run-time configuration read at boot from GET /api/config.

import type { ClientConfig } from '@convo/api';
import { ACCOUNT_PATHS } from '@convo/api/constants';
import { safeParse } from 'zod/mini';
import { createStore, useStore } from 'zustand';
import { clientConfigSchema } from '../boot-schemas';
import { takeEarly } from '../early/early-responses';

interface ConfigState {
  config: ClientConfig | null;
}

export const configStore = createStore<ConfigState>(() => ({ config: null }));

export async function loadConfig(signal?: AbortSignal): Promise<ClientConfig> {
  // The first load takes the request index.html sent as the page was parsed (early-start.ts).
  const response = await (takeEarly(ACCOUNT_PATHS.config) ??
    fetch(ACCOUNT_PATHS.config, { headers: { Accept: 'application/json' }, signal }));
  if (!response.ok) throw new Error(`GET ${ACCOUNT_PATHS.config} answered ${response.status}`);
  const json: unknown = await response.json();
  // Tolerate both the bare object and the { code: 'SUCCESS', data } envelope.
  const candidate =
    typeof json === 'object' && json !== null && 'data' in json ? (json as { data: unknown }).data : json;
  const parsed = safeParse(clientConfigSchema, candidate);
  if (!parsed.success) throw new Error(`GET ${ACCOUNT_PATHS.config}: ${parsed.error.message}`);
  const config = parsed.data;
  configStore.setState({ config });
  return config;
}

/** The loaded config; the app renders nothing that needs it before boot has loaded it. */
export function getConfig(): ClientConfig {
  const { config } = configStore.getState();
  if (config === null) throw new Error('Run-time config is not loaded yet');
  return config;
}

export function useConfig(): ClientConfig {
  const config = useStore(configStore, (state) => state.config);
  if (config === null) throw new Error('Run-time config is not loaded yet');
  return config;
}
