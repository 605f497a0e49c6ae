// The one way the dashboard calls the server: auth headers, typed errors, cancellation on logout.

import { MESSAGES } from '@convo/domain';
import type { $ZodType, output } from 'zod/v4/core';
import { configStore } from '../config/config-store';
import { getSession } from '../session/session-store';
import {
  type ApiError,
  type ApiFamily,
  CLIENT_ERROR_CODES,
  endsSession,
  fromFetchFailure,
  joinUrl,
  parseResponse,
} from './api-error';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions<S extends $ZodType> {
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  /** Validates the success body; the result is its output type. */
  schema: S;
  /** product (/api, Authorization: Bearer) or messaging (/rest/ws, X-Authorization + Application-Key). */
  family?: ApiFamily;
  /** Overrides the session token (e.g. the Google sign-in token); null sends no credentials. */
  token?: string | null;
  query?: Record<string, string | number | boolean | undefined>;
  /** Further request headers (e.g. the dev mailbox key). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

const inFlight = new Set<AbortController>();
let unauthorizedHandler: ((error: ApiError) => void) | null = null;

/** Logout registers itself here, so a 401 from any call with credentials logs out (see endsSession). */
export function setUnauthorizedHandler(handler: (error: ApiError) => void): void {
  unauthorizedHandler = handler;
}

/** Cancels every pending call; they reject with an ApiError carrying `reason` as its message. */
export function abortAllRequests(reason: string = MESSAGES.requestCanceledDueToLogout): void {
  for (const controller of inFlight) controller.abort(reason);
  inFlight.clear();
}

export function pendingRequestCount(): number {
  return inFlight.size;
}

function baseUrl(family: ApiFamily): string {
  const config = configStore.getState().config;
  if (config === null) return '';
  return family === 'messaging' ? config.messagingBaseUrl : config.apiBaseUrl;
}

function buildUrl(family: ApiFamily, path: string, query: RequestOptions<$ZodType>['query']): string {
  const url = joinUrl(baseUrl(family), path);
  if (query === undefined) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text === '' ? url : `${url}${url.includes('?') ? '&' : '?'}${text}`;
}

function authHeaders(family: ApiFamily, token: string | null): Record<string, string> {
  if (token === null) return {};
  if (family === 'product') return { Authorization: `Bearer ${token}` };
  // Messaging family (SPEC §7). Until the messaging user (authToken) exists in the session, the
  // product token stands in; the application key comes from the session.
  const applicationId = getSession()?.applicationId;
  return {
    'X-Authorization': token,
    ...(applicationId === undefined ? {} : { 'Application-Key': applicationId }),
  };
}

/** An answer as it came, before its body is read against a schema. */
interface RawAnswer {
  status: number;
  ok: boolean;
  body: string;
}

type SendOptions = Omit<RequestOptions<$ZodType>, 'schema'>;

function methodOf(options: SendOptions): HttpMethod {
  return options.method ?? (options.body === undefined ? 'GET' : 'POST');
}

function tokenOf(options: SendOptions): string | null {
  return options.token === undefined ? (getSession()?.token ?? null) : options.token;
}

async function send(path: string, options: SendOptions): Promise<RawAnswer> {
  const family = options.family ?? 'product';
  const controller = new AbortController();
  const external = options.signal;
  const forwardAbort = () => controller.abort(external?.reason);
  if (external?.aborted) forwardAbort();
  external?.addEventListener('abort', forwardAbort, { once: true });
  inFlight.add(controller);

  const headers: Record<string, string> = {
    Accept: 'application/json',
    ...options.headers,
    ...authHeaders(family, tokenOf(options)),
  };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  try {
    const response = await fetch(buildUrl(family, path, options.query), {
      method: methodOf(options),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: controller.signal,
      credentials: 'same-origin',
    });
    return { status: response.status, ok: response.ok, body: await response.text() };
  } catch (error) {
    throw fromFetchFailure(error, controller.signal.aborted ? controller.signal.reason : undefined);
  } finally {
    inFlight.delete(controller);
    external?.removeEventListener('abort', forwardAbort);
  }
}

// Calls a cold page's first render needs, sent at boot before the code that reads their answers
// has loaded (issue 39: the critical-path requests in parallel). The page's own call with the same
// family, method, path, query and body takes the answer instead of asking again; one not taken
// within EARLY_TTL_MS is dropped (the page asked for something else).
const EARLY_TTL_MS = 30_000;
const early = new Map<string, Promise<RawAnswer>>();

const earlyKey = (path: string, options: SendOptions) =>
  JSON.stringify([
    options.family ?? 'product',
    methodOf(options),
    path,
    options.query ?? null,
    options.body ?? null,
    tokenOf(options),
  ]);

/** Sends a call now; the same call made later through apiRequest takes its answer. */
export function requestEarly(path: string, options: SendOptions): void {
  const key = earlyKey(path, options);
  const answer = send(path, options);
  // A failure is the later call's to report (or not, if nobody asks).
  answer.catch(() => undefined);
  early.set(key, answer);
  setTimeout(() => {
    if (early.get(key) === answer) early.delete(key);
  }, EARLY_TTL_MS);
}

function takeEarly(path: string, options: SendOptions): Promise<RawAnswer> | undefined {
  if (early.size === 0) return undefined;
  const key = earlyKey(path, options);
  const answer = early.get(key);
  early.delete(key);
  return answer;
}

export async function apiRequest<S extends $ZodType>(
  path: string,
  options: RequestOptions<S>,
): Promise<output<S>> {
  const family = options.family ?? 'product';
  const token = tokenOf(options);
  const raw = await (takeEarly(path, options) ?? send(path, options));
  try {
    return parseResponse(raw, options.schema, family);
  } catch (error) {
    const apiError = error as ApiError;
    if (apiError.code === CLIENT_ERROR_CODES.INVALID_RESPONSE) {
      console.error(`${methodOf(options)} ${path}: response does not match the contract`, apiError.details);
    }
    if (token !== null && endsSession(apiError)) unauthorizedHandler?.(apiError);
    throw apiError;
  }
}
