import type { AppModule, AppModuleCreateRequest, AppModuleEditRequest } from '@convo/api';
import { APP_MODULES_PER_APPLICATION_MAX, appModuleNameProblem, requestedAppModule } from '@convo/domain';
import type { AuthContext } from '../../http/auth.js';
import { AppError, badRequest, conflict } from '../../http/errors.js';
import type { Db } from '../../platform/db/database.js';
import * as repo from './repository.js';

// App modules (SPEC §7 "app module edit"; docs/decisions.md): the client apps of one
// application. Admins manage them here; registration checks the module a client names and
// routing sends a module's customers to its team.

const moduleNotFound = (name: string) =>
  new AppError(404, 'APPMODULE_NOT_FOUND', `There is no app module named "${name}".`);

function validName(raw: string): string {
  const name = raw.trim();
  const problem = appModuleNameProblem(name);
  if (problem) throw badRequest('INVALID_PARAMETER', problem, { field: 'name' });
  return name;
}

function toModule(row: repo.AppModuleView, userCount: number): AppModule {
  return {
    name: row.name,
    displayName: row.displayName || row.name,
    teamId: row.teamKey,
    teamName: row.teamName,
    enabled: row.enabled,
    userCount,
    createdAtTime: row.createdAt.getTime(),
    updatedAtTime: row.updatedAt.getTime(),
  };
}

async function teamRowId(db: Db, applicationId: string, teamKey: string | null | undefined) {
  if (teamKey === undefined || teamKey === null) return teamKey;
  // Another application's team is as unknown as a made-up one.
  const team = await repo.findTeamByKey(db, applicationId, teamKey);
  if (!team) throw badRequest('INVALID_PARAMETER', `Unknown team: ${teamKey}`, { field: 'teamId' });
  return team.id;
}

async function viewOf(db: Db, applicationId: string, name: string): Promise<AppModule> {
  const row = await repo.findModuleView(db, applicationId, name);
  if (!row) throw moduleNotFound(name);
  return toModule(row, await repo.userCount(db, applicationId, name));
}

export async function list(db: Db, caller: AuthContext): Promise<AppModule[]> {
  const [rows, counts] = await Promise.all([
    repo.listModules(db, caller.applicationId),
    repo.userCounts(db, caller.applicationId),
  ]);
  return rows.map((row) => toModule(row, counts.get(row.name) ?? 0));
}

export async function create(db: Db, caller: AuthContext, input: AppModuleCreateRequest): Promise<AppModule> {
  const name = validName(input.name);
  const app = caller.applicationId;
  return db.transaction(async (tx) => {
    if ((await repo.countModules(tx, app)) >= APP_MODULES_PER_APPLICATION_MAX)
      throw badRequest(
        'APPMODULE_LIMIT',
        `An application has at most ${APP_MODULES_PER_APPLICATION_MAX} app modules.`,
      );
    const teamId = (await teamRowId(tx, app, input.teamId)) ?? null;
    const inserted = await repo.insertModule(tx, {
      applicationId: app,
      name,
      displayName: input.displayName?.trim() ?? '',
      teamId,
    });
    if (!inserted)
      throw conflict('APPMODULE_ALREADY_EXISTS', `An app module named "${name}" already exists.`);
    return viewOf(tx, app, name);
  });
}

/** `appmodule/edit`: display name, team and on/off; the name itself is what clients send, so it stays. */
export async function edit(db: Db, caller: AuthContext, input: AppModuleEditRequest): Promise<AppModule> {
  const name = input.name.trim();
  const app = caller.applicationId;
  return db.transaction(async (tx) => {
    const row = await repo.findModuleForUpdate(tx, app, name);
    if (!row) throw moduleNotFound(name);
    const teamId = await teamRowId(tx, app, input.teamId);
    await repo.updateModule(tx, row.id, {
      ...(input.displayName !== undefined ? { displayName: input.displayName.trim() } : {}),
      ...(teamId !== undefined ? { teamId } : {}),
      ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
    });
    return viewOf(tx, app, name);
  });
}

/** Deletes the module; its users stay, belonging to no module (and its clients are refused). */
export async function remove(db: Db, caller: AuthContext, rawName: string) {
  const name = rawName.trim();
  const app = caller.applicationId;
  return db.transaction(async (tx) => {
    const row = await repo.findModuleForUpdate(tx, app, name);
    if (!row) throw moduleNotFound(name);
    const usersDetached = await repo.detachUsers(tx, app, name);
    await repo.deleteModule(tx, row.id);
    return { deleted: true as const, usersDetached };
  });
}

/**
 * Registration's check: the module a client names must exist and be on. Null when the client
 * named none (clients that never heard of modules keep working), the module's name otherwise.
 */
export async function moduleForRegistration(
  db: Db,
  applicationId: string,
  appModuleName: string | undefined,
): Promise<{ ok: true; name: string | null } | { ok: false }> {
  const name = requestedAppModule(appModuleName);
  if (name === null) return { ok: true, name: null };
  const found = await repo.findModule(db, applicationId, name);
  return found?.enabled ? { ok: true, name: found.name } : { ok: false };
}

/** Records which module an end user registered through (the latest one). */
export async function recordUsersModule(
  db: Db,
  userRowId: string,
  current: string | null,
  name: string | null,
) {
  if (name !== null && name !== current) await repo.setUsersModule(db, userRowId, name);
}

/** For routing: the team (row id) of the module the customer registered through, if any. */
export const teamOfCustomersModule = repo.teamOfUsersModule;
