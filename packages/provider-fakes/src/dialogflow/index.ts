import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { importSPKI, jwtVerify } from 'jose';
import {
  answerFor,
  type BotFakeAnswer,
  type BotFakeCall,
  type BotFakeServer,
  startBotFake,
} from '../shared/bot-fake.js';
import { isRecord, writeJson } from '../shared/fake-server.js';

// Dialogflow as documented, with Google's OAuth token endpoint beside it:
// - `POST /token`: the JWT bearer grant (a service account's RS256 assertion, audience this URL),
//   the authorization-code and the refresh-token grants; errors `{ error, error_description }`.
// - `GET /o/oauth2/v2/auth`: the consent screen, which redirects straight back with a code.
// - ES `POST /v2/projects/{project}/agent/sessions/{session}:detectIntent`
//   ({ queryInput: { text: { text, languageCode } } } → { responseId, queryResult }).
// - CX `POST /v3/projects/{p}/locations/{l}/agents/{a}/sessions/{s}:detectIntent`
//   ({ queryInput: { text: { text }, languageCode } } → { responseId, queryResult }).
// API errors are Google RPC status JSON `{ error: { code, message, status } }`.

export interface FakeDialogflow extends BotFakeServer {
  tokenUrl: string;
  authUrl: string;
  /** A service account of `projectId`: the JSON key file to paste (its key pair is made here). */
  createServiceAccount(projectId: string): string;
  /** OAuth client for the code grant. */
  oauthClient: { clientId: string; clientSecret: string };
  /** The agent of a project (ES) or a CX agent: what it answers to texts containing a phrase. */
  addAgent(projectId: string, rules: Record<string, BotFakeAnswer>): void;
  /** Projects a refresh token (from the code grant) may call. */
  authorizeProject: string | null;
}

const ES_PATH = /^\/v2\/projects\/([^/]+)\/agent\/sessions\/([^/:]+):detectIntent$/;
const CX_PATH =
  /^\/v3\/projects\/([^/]+)\/locations\/([^/]+)\/agents\/([^/]+)\/sessions\/([^/:]+):detectIntent$/;

const rpcError = (res: ServerResponse, code: number, status: string, message: string) =>
  writeJson(res, code, { error: { code, message, status } });

export async function startFakeDialogflow(options: { port?: number } = {}): Promise<FakeDialogflow> {
  const accounts = new Map<string, { projectId: string; publicKey: string }>();
  const agents = new Map<string, Map<string, BotFakeAnswer>>();
  /** access token → projects it may call */
  const tokens = new Map<string, string[]>();
  const codes = new Set<string>();
  const refreshTokens = new Map<string, string[]>();
  const oauthClient = { clientId: 'fake-google-client', clientSecret: 'fake-google-secret' };
  let base = '';

  const issue = (res: ServerResponse, projects: string[], refresh?: string) => {
    const token = `ya29.fake-${randomBytes(12).toString('hex')}`;
    tokens.set(token, projects);
    writeJson(res, 200, {
      access_token: token,
      token_type: 'Bearer',
      expires_in: 3599,
      ...(refresh ? { refresh_token: refresh } : {}),
    });
  };

  async function token(call: BotFakeCall, res: ServerResponse) {
    const form = new URLSearchParams(call.rawBody);
    const grant = form.get('grant_type');
    if (grant === 'urn:ietf:params:oauth:grant-type:jwt-bearer') {
      const assertion = form.get('assertion') ?? '';
      const payload = JSON.parse(
        Buffer.from(assertion.split('.')[1] ?? '', 'base64url').toString() || '{}',
      ) as {
        iss?: string;
      };
      const account = payload.iss ? accounts.get(payload.iss) : undefined;
      if (!account)
        return writeJson(res, 400, {
          error: 'invalid_grant',
          error_description: 'Invalid grant: account not found',
        });
      try {
        await jwtVerify(assertion, await importSPKI(account.publicKey, 'RS256'), {
          audience: `${base}/token`,
        });
      } catch {
        return writeJson(res, 400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
      }
      return issue(res, [account.projectId]);
    }
    const clientOk =
      form.get('client_id') === oauthClient.clientId &&
      form.get('client_secret') === oauthClient.clientSecret;
    if (!clientOk)
      return writeJson(res, 401, {
        error: 'invalid_client',
        error_description: 'The OAuth client was not found.',
      });
    if (grant === 'authorization_code') {
      const code = form.get('code') ?? '';
      if (!codes.delete(code))
        return writeJson(res, 400, { error: 'invalid_grant', error_description: 'Bad Request' });
      const refresh = `1//fake-refresh-${randomBytes(8).toString('hex')}`;
      const projects = fake.authorizeProject ? [fake.authorizeProject] : [];
      refreshTokens.set(refresh, projects);
      return issue(res, projects, refresh);
    }
    if (grant === 'refresh_token') {
      const projects = refreshTokens.get(form.get('refresh_token') ?? '');
      if (!projects)
        return writeJson(res, 400, {
          error: 'invalid_grant',
          error_description: 'Token has been expired or revoked.',
        });
      return issue(res, projects);
    }
    return writeJson(res, 400, { error: 'unsupported_grant_type' });
  }

  function authorized(call: BotFakeCall, res: ServerResponse, project: string): boolean {
    const header = call.headers.authorization ?? '';
    const projects = header.startsWith('Bearer ') ? tokens.get(header.slice(7)) : undefined;
    if (!projects) {
      rpcError(
        res,
        401,
        'UNAUTHENTICATED',
        'Request had invalid authentication credentials. Expected OAuth 2 access token.',
      );
      return false;
    }
    if (!projects.includes(project)) {
      rpcError(
        res,
        403,
        'PERMISSION_DENIED',
        `Permission 'dialogflow.sessions.detectIntent' denied on resource (or it may not exist).`,
      );
      return false;
    }
    return true;
  }

  const messagesOf = (a: BotFakeAnswer) => [
    ...(a.texts ?? []).map((t) => ({ text: { text: [t] } })),
    ...(a.payload ? [{ payload: a.payload }] : []),
  ];

  const server = await startBotFake(options.port, async (call, res) => {
    if (call.method === 'POST' && call.path === '/token') return token(call, res);
    if (call.method === 'GET' && call.path === '/o/oauth2/v2/auth') {
      const redirect = call.query.redirect_uri;
      if (!redirect || call.query.client_id !== oauthClient.clientId)
        return writeJson(res, 400, { error: 'invalid_request' });
      const code = `4/fake-code-${randomBytes(8).toString('hex')}`;
      codes.add(code);
      const to = new URL(redirect);
      to.searchParams.set('code', code);
      if (call.query.state) to.searchParams.set('state', call.query.state);
      res.writeHead(302, { location: to.toString() });
      res.end();
      return;
    }
    const body = isRecord(call.body) ? call.body : {};
    const queryInput = isRecord(body.queryInput) ? body.queryInput : {};
    const text =
      isRecord(queryInput.text) && typeof queryInput.text.text === 'string' ? queryInput.text.text : null;
    const es = ES_PATH.exec(call.path);
    if (call.method === 'POST' && es) {
      const project = decodeURIComponent(es[1] ?? '');
      if (!authorized(call, res, project)) return;
      const language = isRecord(queryInput.text) ? queryInput.text.languageCode : undefined;
      if (text === null || typeof language !== 'string')
        return rpcError(
          res,
          400,
          'INVALID_ARGUMENT',
          'Invalid query input: text and languageCode are required.',
        );
      const a = answerFor(agents.get(project) ?? new Map(), text);
      const matched = a.intent !== undefined;
      return writeJson(res, 200, {
        responseId: randomBytes(8).toString('hex'),
        queryResult: {
          queryText: text,
          languageCode: language,
          fulfillmentText: matched ? (a.texts?.[0] ?? '') : "Sorry, I didn't get that.",
          fulfillmentMessages: matched ? messagesOf(a) : [{ text: { text: ["Sorry, I didn't get that."] } }],
          intent: matched
            ? { name: `projects/${project}/agent/intents/1`, displayName: a.intent }
            : {
                name: `projects/${project}/agent/intents/0`,
                displayName: 'Default Fallback Intent',
                isFallback: true,
              },
          intentDetectionConfidence: matched ? (a.confidence ?? 0.9) : 1,
        },
      });
    }
    const cx = CX_PATH.exec(call.path);
    if (call.method === 'POST' && cx) {
      const project = decodeURIComponent(cx[1] ?? '');
      if (!authorized(call, res, project)) return;
      if (text === null || typeof queryInput.languageCode !== 'string')
        return rpcError(res, 400, 'INVALID_ARGUMENT', 'queryInput.languageCode is required.');
      const a = answerFor(agents.get(`${project}/${cx[3]}`) ?? new Map(), text);
      const matched = a.intent !== undefined;
      return writeJson(res, 200, {
        responseId: randomBytes(8).toString('hex'),
        queryResult: {
          text,
          languageCode: queryInput.languageCode,
          responseMessages: matched
            ? messagesOf(a)
            : [{ text: { text: ['Sorry, could you say that again?'] } }],
          match: matched
            ? { intent: { displayName: a.intent }, confidence: a.confidence ?? 0.9, matchType: 'INTENT' }
            : { confidence: 0.3, matchType: 'NO_MATCH' },
        },
      });
    }
    return rpcError(res, 404, 'NOT_FOUND', `No route ${call.method} ${call.path}`);
  });
  base = server.url;

  const fake: FakeDialogflow = {
    ...server,
    tokenUrl: `${server.url}/token`,
    authUrl: `${server.url}/o/oauth2/v2/auth`,
    oauthClient,
    authorizeProject: null,
    createServiceAccount(projectId) {
      const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const clientEmail = `bot-${randomBytes(4).toString('hex')}@${projectId}.iam.gserviceaccount.com`;
      accounts.set(clientEmail, {
        projectId,
        publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      });
      return JSON.stringify({
        type: 'service_account',
        project_id: projectId,
        private_key_id: randomBytes(10).toString('hex'),
        private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        client_email: clientEmail,
        token_uri: `${server.url}/token`,
      });
    },
    addAgent(key, rules) {
      agents.set(key, new Map(Object.entries(rules)));
    },
  };
  return fake;
}
