import { randomBytes } from 'node:crypto';
import {
  AUTOMATION_DELIVERY_STATUSES,
  AUTOMATION_TRIGGERS,
  type AutomationDelivery,
  type AutomationDeliveryStatus,
  type AutomationHook,
  type AutomationKey,
  type AutomationNewKey,
  type AutomationTrigger,
  type AutomationUsage,
} from '@convo/api';
import { toRoleType } from '@convo/domain';
import type { AuthContext } from '../../http/auth.js';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.js';
import { sha256 } from '../../platform/crypto.js';
import type { Db } from '../../platform/db/database.js';
import { outboundPolicy, webUrlProblem } from '../../platform/outbound/index.js';
import { findApplication, findUserById } from '../accounts/index.js';
import { sealSecret } from '../webhooks/index.js';
import * as repo from './repository.js';
import { hooksChanged } from './triggers.js';

// The automation connector's rules: the application's API key (made and rotated by a member,
// shown once, kept as a hash), the REST hook subscriptions and the usage table.

/** More would multiply the work of every change that raises a trigger. */
export const MAX_HOOKS_PER_APPLICATION = 50;
const KEY_PREFIX = 'convo_ak_';

const isTrigger = (s: string): s is AutomationTrigger =>
  (AUTOMATION_TRIGGERS as readonly string[]).includes(s);
const isStatus = (s: string): s is AutomationDeliveryStatus =>
  (AUTOMATION_DELIVERY_STATUSES as readonly string[]).includes(s);

const hashKey = (key: string) => sha256(`automation:${key}`);

async function keyView(db: Db, row: repo.ApiKeyRow | undefined): Promise<AutomationKey> {
  if (!row) return { configured: false, hint: null, createdAt: null, createdBy: null };
  const member = await findUserById(db, row.applicationId, row.createdBy);
  return {
    configured: true,
    hint: row.hint,
    createdAt: row.createdAt.getTime(),
    createdBy: member?.userId ?? null,
  };
}

export async function getKey(db: Db, applicationId: string): Promise<AutomationKey> {
  return keyView(db, await repo.findKey(db, applicationId));
}

/**
 * A new API key and signing secret for the application, acting as the member who made it. The
 * previous key stops working at once; deliveries still queued are signed with the new secret.
 */
export async function rotateKey(db: Db, appSecret: string, caller: AuthContext): Promise<AutomationNewKey> {
  const apiKey = KEY_PREFIX + randomBytes(24).toString('base64url');
  const signingSecret = `whsec_${randomBytes(32).toString('hex')}`;
  const row = await repo.upsertKey(db, {
    applicationId: caller.applicationId,
    keyHash: hashKey(apiKey),
    hint: apiKey.slice(-4),
    signingSecretSealed: sealSecret(appSecret, signingSecret),
    createdBy: caller.userId,
  });
  return { ...(await keyView(db, row)), apiKey, signingSecret };
}

/** Who an automation platform's request acts as: the key's application and the member who made it. */
export interface AutomationCaller {
  applicationId: string;
  /** The member's session-like context, for the actions run as them. */
  auth: AuthContext;
}

const badKey = () => new AppError(401, 'INVALID_API_KEY', 'The API key is missing, wrong or was rotated.');

/** The key in `X-Api-Key` → its application and member; a deactivated member's key is refused. */
export async function authenticateKey(db: Db, presented: unknown): Promise<AutomationCaller> {
  if (typeof presented !== 'string' || !presented.startsWith(KEY_PREFIX) || presented.length > 200)
    throw badKey();
  const row = await repo.findKeyByHash(db, hashKey(presented));
  if (!row) throw badKey();
  const member = await findUserById(db, row.applicationId, row.createdBy);
  // Status 2 (disabled) and 3 (deleted), SPEC §4: their key goes with them.
  const roleType = toRoleType(member?.roleType);
  if (!member || roleType === null || member.status === 2 || member.status === 3) {
    throw new AppError(
      401,
      'INVALID_API_KEY',
      'The member who made this API key is no longer active: make a new key.',
    );
  }
  return {
    applicationId: row.applicationId,
    auth: {
      tokenHash: `automation:${row.keyHash}`,
      userId: member.id,
      userName: member.userId,
      applicationId: row.applicationId,
      roleType,
      product: (await findApplication(db, row.applicationId))?.product === 'agent' ? 'agent' : 'classic',
      sessionExpiresAt: new Date(Date.now() + 60_000),
    },
  };
}

function hookView(row: repo.HookRow): AutomationHook {
  return {
    id: row.id,
    event: isTrigger(row.event) ? row.event : 'conversation.created',
    targetUrl: row.targetUrl,
    createdAt: row.createdAt.getTime(),
  };
}

export async function listHooks(db: Db, applicationId: string): Promise<AutomationHook[]> {
  return (await repo.listHooks(db, applicationId)).map(hookView);
}

/** Subscribes a REST hook; an address the server must not call is refused (no SSRF). */
export async function subscribe(
  db: Db,
  applicationId: string,
  input: { event: AutomationTrigger; targetUrl: string },
): Promise<AutomationHook> {
  const problem = webUrlProblem(input.targetUrl, outboundPolicy());
  if (problem) {
    throw badRequest('ADDRESS_NOT_ALLOWED', `The hook URL ${problem}.`, [
      { path: 'targetUrl', message: problem },
    ]);
  }
  if ((await repo.countHooks(db, applicationId)) >= MAX_HOOKS_PER_APPLICATION) {
    throw conflict(
      'LIMIT_REACHED',
      `An application can have at most ${MAX_HOOKS_PER_APPLICATION} automation hooks.`,
    );
  }
  const row = await repo.insertHook(db, { applicationId, ...input });
  hooksChanged(applicationId);
  return hookView(row);
}

export async function unsubscribe(db: Db, applicationId: string, id: string): Promise<void> {
  if (!(await repo.deleteHook(db, applicationId, id))) throw notFound('Hook not found.');
  hooksChanged(applicationId);
}

function deliveryView(row: repo.DeliveryRow): AutomationDelivery {
  return {
    id: row.id,
    hookId: row.hookId,
    event: isTrigger(row.event) ? row.event : 'conversation.created',
    targetUrl: row.targetUrl,
    status: isStatus(row.status) ? row.status : 'pending',
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    createdAt: row.createdAt.getTime(),
    deliveredAt: row.deliveredAt ? row.deliveredAt.getTime() : null,
  };
}

export async function usage(
  db: Db,
  applicationId: string,
  page: number,
  pageSize: number,
): Promise<AutomationUsage> {
  const { items, total, counts } = await repo.deliveriesSnapshot(
    db,
    applicationId,
    (page - 1) * pageSize,
    pageSize,
  );
  const n = (s: AutomationDeliveryStatus) => counts.get(s) ?? 0;
  return {
    items: items.map(deliveryView),
    total,
    page,
    pageSize,
    summary: {
      delivered: n('delivered'),
      failed: n('failed') + n('unsubscribed'),
      pending: n('pending') + n('retrying'),
    },
  };
}
