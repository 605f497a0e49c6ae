import type { ConversationSettings } from '@convo/api';
import { isAllowed, type PrivilegeKey } from '@convo/domain';
import type { AuthContext } from '../../http/auth.js';
import { forbidden, notFound } from '../../http/errors.js';
import type { Db } from '../../platform/db/database.js';
import * as repo from './repository.js';

// Settings → Conversation rules (routing mode, bot hand-off) and Conversation auto-resolving. Each
// field is guarded by the privilege of the page that shows it, so a role given one page cannot
// change the other's setting through the shared endpoint.

const FIELD_PRIVILEGE: Record<keyof ConversationSettings, PrivilegeKey> = {
  agentRouting: 'settings.conversation-rules',
  removeBotOnAgentHandOff: 'settings.conversation-rules',
  autoResolveAfterMinutes: 'settings.conversation-auto-resolving',
};

function toView(
  row: NonNullable<Awaited<ReturnType<typeof repo.findConversationSettings>>>,
): ConversationSettings {
  return {
    agentRouting: row.agentRouting === 0 ? 0 : 1,
    removeBotOnAgentHandOff: row.removeBotOnAgentHandOff,
    autoResolveAfterMinutes: row.autoResolveAfterMinutes,
  };
}

export async function getConversationSettings(db: Db, caller: AuthContext) {
  const row = await repo.findConversationSettings(db, caller.applicationId);
  if (!row) throw notFound('Application settings not found.');
  return toView(row);
}

export async function patchConversationSettings(
  db: Db,
  caller: AuthContext,
  patch: Partial<ConversationSettings>,
) {
  return db.transaction(async (tx) => {
    const row = await repo.findConversationSettings(tx, caller.applicationId);
    if (!row) throw notFound('Application settings not found.');
    for (const key of Object.keys(patch) as (keyof ConversationSettings)[]) {
      if (patch[key] === undefined) continue;
      if (!isAllowed(FIELD_PRIVILEGE[key], caller.roleType, row.companySetting, caller.product))
        throw forbidden();
    }
    await repo.updateConversationSettings(tx, caller.applicationId, patch);
    return toView({
      ...row,
      ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
    });
  });
}
