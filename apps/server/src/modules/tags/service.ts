import type { Tag, TagList } from '@convo/api';
import { DEFAULT_TAGS } from '@convo/domain';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import type { Db } from '../../platform/db/database.js';
import * as repo from './repository.js';

// Settings → Manage tags: the active and deleted lists (SPEC §3 Tag.deleted_at). A deleted tag
// stays on the conversations that carry it (history) but can no longer be added; restoring it
// brings it back under its name unless an active tag took that name meanwhile.

const DEFAULTS: readonly string[] = DEFAULT_TAGS;

export function toTagView(row: repo.TagRow): Tag {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    isDefault: DEFAULTS.includes(row.name) && row.deletedAt === null,
    deletedAt: row.deletedAt?.getTime() ?? null,
    createdAt: row.createdAt.getTime(),
  };
}

export async function listTags(db: Db, applicationId: string): Promise<TagList> {
  const rows = await repo.listTags(db, applicationId);
  return {
    active: rows.filter((r) => r.deletedAt === null).map(toTagView),
    deleted: rows.filter((r) => r.deletedAt !== null).map(toTagView),
  };
}

const taken = (name: string) => conflict('TAG_ALREADY_EXISTS', `A tag named "${name}" already exists.`);

async function findOrFail(tx: Db, applicationId: string, id: string) {
  const row = await repo.findTag(tx, applicationId, id);
  if (!row) throw notFound('Tag not found.');
  return row;
}

function refuseDefault(row: repo.TagRow) {
  if (DEFAULTS.includes(row.name))
    throw badRequest('DEFAULT_TAG', `"${row.name}" is a default tag; it cannot be renamed or deleted.`);
}

export async function createTag(
  db: Db,
  applicationId: string,
  input: { name: string; color?: string | null | undefined },
) {
  return db.transaction(async (tx) => {
    if (await repo.findActiveByName(tx, applicationId, input.name)) throw taken(input.name);
    return toTagView(await repo.insertTag(tx, applicationId, input.name, input.color ?? null));
  });
}

export async function updateTag(
  db: Db,
  applicationId: string,
  id: string,
  input: { name: string; color?: string | null | undefined },
) {
  return db.transaction(async (tx) => {
    const row = await findOrFail(tx, applicationId, id);
    if (row.deletedAt !== null) throw badRequest('TAG_DELETED', 'Restore the tag before editing it.');
    if (input.name !== row.name) {
      refuseDefault(row);
      if (await repo.findActiveByName(tx, applicationId, input.name)) throw taken(input.name);
    }
    const updated = await repo.updateTag(tx, applicationId, id, {
      name: input.name,
      ...(input.color !== undefined ? { color: input.color } : {}),
    });
    return toTagView(updated!);
  });
}

export async function deleteTag(db: Db, applicationId: string, id: string) {
  return db.transaction(async (tx) => {
    const row = await findOrFail(tx, applicationId, id);
    refuseDefault(row);
    if (row.deletedAt !== null) return toTagView(row);
    return toTagView((await repo.updateTag(tx, applicationId, id, { deletedAt: new Date() }))!);
  });
}

export async function restoreTag(db: Db, applicationId: string, id: string) {
  return db.transaction(async (tx) => {
    const row = await findOrFail(tx, applicationId, id);
    if (row.deletedAt === null) return toTagView(row);
    if (await repo.findActiveByName(tx, applicationId, row.name)) throw taken(row.name);
    return toTagView((await repo.updateTag(tx, applicationId, id, { deletedAt: null }))!);
  });
}
