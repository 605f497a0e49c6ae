import {
  CUSTOMER_ATTRIBUTES_MAX,
  type CustomerAttribute,
  type CustomerAttributeType,
  type customerAttributeCreateRequestSchema,
  type customerAttributeUpdateRequestSchema,
} from '@convo/api';
import type { z } from 'zod';
import type { AuthContext } from '../../http/auth.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import type { Db } from '../../platform/db/database.js';
import * as repo from './repository.js';

// /settings/user-details: the attribute definitions agents see on a customer. Any member reads
// them (the inbox and /users show them); the routes check settings.user-details for writes.

const attributeNotFound = () => notFound('Customer attribute not found.');
const keyTaken = (key: string) =>
  conflict('ATTRIBUTE_ALREADY_EXISTS', `An attribute with the key "${key}" already exists.`);

function toAttribute(row: repo.CustomerAttributeRow): CustomerAttribute {
  return {
    id: row.id,
    key: row.key,
    label: row.label,
    type: row.type as CustomerAttributeType,
    visibleToAgents: row.visibleToAgents,
    position: row.position,
  };
}

export async function list(db: Db, caller: AuthContext): Promise<CustomerAttribute[]> {
  return (await repo.listAttributes(db, caller.applicationId)).map(toAttribute);
}

export async function create(
  db: Db,
  caller: AuthContext,
  input: z.output<typeof customerAttributeCreateRequestSchema>,
): Promise<CustomerAttribute> {
  return db.transaction(async (tx) => {
    const existing = await repo.listAttributes(tx, caller.applicationId);
    if (existing.length >= CUSTOMER_ATTRIBUTES_MAX)
      throw badRequest('LIMIT_REACHED', `At most ${CUSTOMER_ATTRIBUTES_MAX} attributes can be defined.`);
    if (existing.some((a) => a.key === input.key)) throw keyTaken(input.key);
    const row = await repo.insertAttribute(tx, {
      applicationId: caller.applicationId,
      key: input.key,
      label: input.label,
      type: input.type,
      visibleToAgents: input.visibleToAgents,
      position: await repo.nextPosition(tx, caller.applicationId),
    });
    return toAttribute(row);
  });
}

export async function update(
  db: Db,
  caller: AuthContext,
  id: string,
  input: z.output<typeof customerAttributeUpdateRequestSchema>,
): Promise<CustomerAttribute> {
  return db.transaction(async (tx) => {
    if (input.key !== undefined) {
      const same = await repo.findByKey(tx, caller.applicationId, input.key);
      if (same && same.id !== id) throw keyTaken(input.key);
    }
    const row = await repo.updateAttribute(tx, caller.applicationId, id, {
      ...(input.key === undefined ? {} : { key: input.key }),
      ...(input.label === undefined ? {} : { label: input.label }),
      ...(input.type === undefined ? {} : { type: input.type }),
      ...(input.visibleToAgents === undefined ? {} : { visibleToAgents: input.visibleToAgents }),
    });
    if (!row) throw attributeNotFound();
    return toAttribute(row);
  });
}

export async function remove(db: Db, caller: AuthContext, id: string): Promise<void> {
  if (!(await repo.deleteAttribute(db, caller.applicationId, id))) throw attributeNotFound();
}

/** Sets the order from the full list of ids; a list that is not exactly the current set is refused. */
export async function reorder(db: Db, caller: AuthContext, ids: string[]): Promise<CustomerAttribute[]> {
  return db.transaction(async (tx) => {
    const current = await repo.listAttributes(tx, caller.applicationId);
    const known = new Set(current.map((a) => a.id));
    if (new Set(ids).size !== ids.length || ids.length !== known.size || ids.some((id) => !known.has(id)))
      throw badRequest('INVALID_PARAMETER', 'The order must list every attribute exactly once.');
    for (const [position, id] of ids.entries())
      await repo.updateAttribute(tx, caller.applicationId, id, { position });
    return (await repo.listAttributes(tx, caller.applicationId)).map(toAttribute);
  });
}
