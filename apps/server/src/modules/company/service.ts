import type { Company } from '@convo/api';
import { APPLICATION } from '@convo/domain';
import type { AuthContext } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { authorize } from '../../http/policy.js';
import type { Db } from '../../platform/db/database.js';
import { findAppSettings } from '../accounts/index.js';
import { lockCompanySetting, saveCompanySetting } from '../roles-permissions/index.js';
import { forgetVisitorNaming } from '../widget-settings/index.js';
import * as repo from './repository.js';

// /settings/company: the company's name and industry. Every role holding settings.company reads it;
// only admins change it (account administration, like the team). The same page switches our own
// support chat off for the company (SPEC §6 companySetting.disableSupportWidget).

export async function read(db: Db, caller: AuthContext): Promise<Company> {
  const row = await repo.findCompany(db, caller.applicationId);
  if (!row) throw notFound('Company not found.');
  const settings = await findAppSettings(db, caller.applicationId);
  return {
    companyName: row.customer.companyName,
    industry: row.customer.industry,
    applicationId: row.application.id,
    product: row.application.product === 'agent' ? 'agent' : 'classic',
    createdAtTime: row.application.createdAt.getTime(),
    disableSupportWidget: settings?.companySetting.disableSupportWidget === true,
  };
}

export async function update(
  db: Db,
  caller: AuthContext,
  input: { companyName: string; industry?: string | null | undefined },
): Promise<Company> {
  authorize(caller, 'application.administer', APPLICATION, 'Only admins can change the company details.');
  await db.transaction(async (tx) => {
    const row = await repo.findCompany(tx, caller.applicationId);
    if (!row) throw notFound('Company not found.');
    await repo.renameCompany(tx, caller.applicationId, row.customer.id, {
      companyName: input.companyName,
      industry: input.industry === undefined ? undefined : input.industry?.trim() || null,
    });
  });
  // Visitors see the company name in place of members without a usable name.
  forgetVisitorNaming(caller.applicationId);
  return read(db, caller);
}

/** Rewrites only disableSupportWidget; the lock keeps a concurrent roles-permissions save intact. */
export async function setSupportWidget(
  db: Db,
  caller: AuthContext,
  input: { disableSupportWidget: boolean },
): Promise<Company> {
  authorize(caller, 'application.administer', APPLICATION, 'Only admins can change the company details.');
  await db.transaction(async (tx) => {
    const current = await lockCompanySetting(tx, caller.applicationId);
    if (!current) throw notFound('Application settings not found.');
    await saveCompanySetting(tx, caller.applicationId, {
      ...current,
      disableSupportWidget: input.disableSupportWidget,
    });
  });
  return read(db, caller);
}
