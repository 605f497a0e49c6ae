import { agentsToNotify } from '@convo/domain';
import type { Db } from '../../platform/db/database.js';
import * as repo from './repository.js';
import { nextInTurn } from './round-robin.js';

/**
 * Automatic assignment (SPEC §4 routing 1): round robin over the online agents of the
 * conversation's team (all routable members when it has none), skipping away and disabled ones.
 * Returns the chosen user's id, or null: the conversation then waits in the queue.
 */
export async function chooseAgent(
  db: Db,
  applicationId: string,
  teamId: string | null,
): Promise<string | null> {
  const scope = teamId ?? '*';
  const last = await repo.lockCursor(db, applicationId, scope);
  const agents = await repo.onlineAgents(db, applicationId, teamId);
  const chosen = nextInTurn(
    agents.map((a) => a.id),
    last,
  );
  if (chosen) await repo.moveCursor(db, applicationId, scope, chosen);
  return chosen;
}

/**
 * Notify everybody (SPEC §4 routing 0, "limited to 10 agents"): the online agents of the
 * conversation's team (all routable members when it has none), at most ten, in a stable order.
 */
export async function agentsToNotifyOf(
  db: Db,
  applicationId: string,
  teamId: string | null,
): Promise<string[]> {
  const agents = await repo.onlineAgents(db, applicationId, teamId);
  return agentsToNotify(agents.map((a) => a.id));
}
