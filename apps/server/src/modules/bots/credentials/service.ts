import type { Bot, BotCredentialsUpdateParsed } from '@convo/api';
import { needsExternalCredentials } from '@convo/domain';
import type { AuthContext } from '../../../http/auth.js';
import { AppError, badRequest, conflict, notFound } from '../../../http/errors.js';
import { requireAdmin } from '../../../http/policy.js';
import { openSealedJson, sealJson } from '../../../platform/crypto.js';
import { outboundPolicy, webUrlProblem } from '../../../platform/outbound/index.js';
import { BotEngineError } from '../engine.js';
import type { GoogleAuthConfig } from '../engines/external/google-auth.js';
import { exchangeGoogleCode } from '../engines/external/index.js';
import * as repo from '../repository.js';
import { type BotDeps, viewOf } from '../service.js';
import { openState, signState } from './state.js';
import { CREDENTIALS_SUMMARY_KEY, summaryOf } from './view.js';

// An external engine's credentials (issue 36): validated, checked against the outbound guard,
// sealed with the app secret into the bot's key column (what an LLM bot keeps its key in) and never
// returned — the bot's view carries the summary (identifiers, names of the secrets set). Google's
// authorization of a Dialogflow agent adds a refresh token to the sealed record.

export interface CredentialsDeps extends Pick<BotDeps, 'db' | 'appSecret'> {
  google: GoogleAuthConfig & { authUrl: string };
  /** Where /dialogflow-callback is served (the dashboard's origin). */
  publicUrl: string;
}

const botNotFound = () => notFound('Bot not found.');

/** The sealed record as stored (the credentials as typed, plus `oauth` after Google's authorization). */
function openStored(appSecret: string, sealed: string | null): Record<string, unknown> | null {
  if (sealed === null) return null;
  const value = openSealedJson(appSecret, sealed);
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function assertReachable(credentials: Record<string, unknown>): void {
  for (const field of ['webhookUrl', 'serviceUrl']) {
    const url = credentials[field];
    if (typeof url !== 'string') continue;
    const problem = webUrlProblem(url, outboundPolicy());
    // The credentials would be sent there: never to the server's own network (unless OUTBOUND_ALLOW names it).
    if (problem)
      throw badRequest('ADDRESS_NOT_ALLOWED', `The URL ${problem}.`, [
        { path: `credentials.${field}`, message: problem },
      ]);
  }
}

export async function putCredentials(
  deps: Pick<BotDeps, 'db' | 'appSecret'>,
  caller: AuthContext,
  botId: string,
  parsed: BotCredentialsUpdateParsed,
): Promise<Bot> {
  requireAdmin(caller, 'change bots');
  // Validated by the route (the key file parsed); the engine validates the record again on every use.
  const typed: Record<string, unknown> = { ...parsed.credentials };
  assertReachable(typed);
  const row = await deps.db.transaction(async (tx) => {
    const bot = await repo.lockBot(tx, caller.applicationId, botId);
    if (!bot) throw botNotFound();
    const old = needsExternalCredentials(bot.engine) ? openStored(deps.appSecret, bot.apiKeyEncrypted) : null;
    // Google's authorization survives an edit of the same agent (the form cannot show the token).
    const keepOauth =
      old?.oauth !== undefined &&
      old.engine === typed.engine &&
      old.projectId === typed.projectId &&
      typed.serviceAccountKey === undefined;
    const record = keepOauth ? { ...typed, oauth: old.oauth } : typed;
    const settings: Record<string, unknown> = {
      ...bot.settings,
      [CREDENTIALS_SUMMARY_KEY]: summaryOf(record),
    };
    if (bot.engine !== parsed.engine) delete settings.model;
    return (await repo.updateBot(tx, caller.applicationId, botId, {
      engine: parsed.engine,
      settings,
      apiKeyEncrypted: sealJson(deps.appSecret, record),
    }))!;
  });
  return viewOf(deps.db, caller.applicationId, row);
}

export async function deleteCredentials(
  deps: Pick<BotDeps, 'db' | 'appSecret'>,
  caller: AuthContext,
  botId: string,
): Promise<Bot> {
  requireAdmin(caller, 'change bots');
  const row = await deps.db.transaction(async (tx) => {
    const bot = await repo.lockBot(tx, caller.applicationId, botId);
    if (!bot) throw botNotFound();
    if (!needsExternalCredentials(bot.engine)) return bot;
    const settings = { ...bot.settings };
    delete settings[CREDENTIALS_SUMMARY_KEY];
    return (await repo.updateBot(tx, caller.applicationId, botId, { settings, apiKeyEncrypted: null }))!;
  });
  return viewOf(deps.db, caller.applicationId, row);
}

const redirectUri = (deps: CredentialsDeps) => `${deps.publicUrl}/dialogflow-callback`;

/** Google's consent URL for the bot's Dialogflow agent (the bot must hold its project id). */
export async function dialogflowAuthorizeUrl(
  deps: CredentialsDeps,
  caller: AuthContext,
  botId: string,
): Promise<string> {
  requireAdmin(caller, 'change bots');
  if (!deps.google.oauthClient)
    throw conflict(
      'GOOGLE_OAUTH_NOT_CONFIGURED',
      'Google authorization is not configured on this server: use a service account key.',
    );
  const bot = await repo.findBot(deps.db, caller.applicationId, botId);
  if (!bot) throw botNotFound();
  const stored = openStored(deps.appSecret, bot.apiKeyEncrypted);
  if (!stored || (stored.engine !== 'dialogflow' && stored.engine !== 'dialogflowcx'))
    throw conflict(
      'CREDENTIALS_REQUIRED',
      'Save the Dialogflow project first, then authorize it with Google.',
    );
  const url = new URL(deps.google.authUrl);
  url.searchParams.set('client_id', deps.google.oauthClient.clientId);
  url.searchParams.set('redirect_uri', redirectUri(deps));
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', 'https://www.googleapis.com/auth/dialogflow');
  url.searchParams.set('access_type', 'offline');
  url.searchParams.set('prompt', 'consent');
  url.searchParams.set('state', signState(deps.appSecret, bot.id, caller.applicationId));
  return url.toString();
}

/** /dialogflow-callback: the code for the bot the state names becomes its refresh token. */
export async function completeDialogflowAuthorization(
  deps: CredentialsDeps,
  caller: AuthContext,
  input: { code: string; state: string },
): Promise<Bot> {
  requireAdmin(caller, 'change bots');
  const target = openState(deps.appSecret, input.state);
  // Another application's state is as unknown as a forged one.
  if (!target || target.applicationId !== caller.applicationId)
    throw badRequest(
      'INVALID_STATE',
      'This authorization is not valid here (expired or for another application). Start again.',
    );
  let refreshToken: string;
  try {
    refreshToken = await exchangeGoogleCode(
      deps.google,
      { code: input.code, redirectUri: redirectUri(deps) },
      AbortSignal.timeout(15_000),
    );
  } catch (err) {
    if (err instanceof BotEngineError)
      throw new AppError(
        err.code === 'INVALID_CREDENTIALS' ? 400 : 502,
        'DIALOGFLOW_AUTHORIZATION_FAILED',
        err.message,
      );
    throw err;
  }
  const row = await deps.db.transaction(async (tx) => {
    const bot = await repo.lockBot(tx, caller.applicationId, target.botId);
    if (!bot) throw botNotFound();
    const stored = openStored(deps.appSecret, bot.apiKeyEncrypted);
    if (!stored || (stored.engine !== 'dialogflow' && stored.engine !== 'dialogflowcx'))
      throw conflict(
        'CREDENTIALS_REQUIRED',
        'Save the Dialogflow project first, then authorize it with Google.',
      );
    const record = { ...stored, oauth: { refreshToken } };
    return (await repo.updateBot(tx, caller.applicationId, bot.id, {
      settings: { ...bot.settings, [CREDENTIALS_SUMMARY_KEY]: summaryOf(record) },
      apiKeyEncrypted: sealJson(deps.appSecret, record),
    }))!;
  });
  return viewOf(deps.db, caller.applicationId, row);
}
