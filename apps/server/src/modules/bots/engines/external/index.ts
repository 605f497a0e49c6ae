import type { ExternalBotEngine } from '@convo/domain';
import type { BotEngine } from '../../engine.js';
import { createCustomEngine } from './custom.js';
import { createDialogflowCxEngine, createDialogflowEngine } from './dialogflow.js';
import { createGoogleAuth, type GoogleAuthConfig } from './google-auth.js';
import { createLexEngine } from './lex.js';
import { createWatsonEngine } from './watson.js';

// The external engines as this server is configured (provider URLs from config; local fakes in
// tests). The composition root adds them, and viaKM, to the engine map.

export interface ExternalEngineConfig {
  dialogflowApiUrl: string;
  google: GoogleAuthConfig;
  lexEndpoint?: string | undefined;
  customTimeoutMs?: number | undefined;
}

export function externalEngines(config: ExternalEngineConfig): ReadonlyMap<ExternalBotEngine, BotEngine> {
  const auth = createGoogleAuth(config.google);
  return new Map<ExternalBotEngine, BotEngine>([
    ['dialogflow', createDialogflowEngine({ apiUrl: config.dialogflowApiUrl, auth })],
    ['dialogflowcx', createDialogflowCxEngine({ apiUrl: config.dialogflowApiUrl, auth })],
    ['amazonlex', createLexEngine({ endpoint: config.lexEndpoint })],
    ['watson', createWatsonEngine()],
    ['custom', createCustomEngine({ timeoutMs: config.customTimeoutMs })],
  ]);
}

export { exchangeGoogleCode } from './google-auth.js';
export { createViaKmEngine } from './via-km.js';
