// SPEC §6: when the vendor's own support widget is loaded inside the dashboard.

import type { RoleType } from '../accounts';
import { type CompanySetting, isAllowed, isSupportWidgetPathAllowed, type Product } from '../accounts';
import { PLAN } from '../billing';

export interface SupportWidgetInput {
  /** SUPPORT_APP_ID of the operator; null: no support application configured. */
  supportAppId: string | null;
  /** The application the user is signed in to. */
  applicationId: string;
  roleType: RoleType | null | undefined;
  companySetting: CompanySetting | null | undefined;
  product?: Product;
  plan: string | null | undefined;
  userIndustryRole: string | null | undefined;
  path: string;
}

export function shouldLoadSupportWidget(input: SupportWidgetInput): boolean {
  if (input.supportAppId === null || input.supportAppId === '') return false;
  // The support team answers inside its own dashboard: its widget would talk to itself.
  if (input.applicationId === input.supportAppId) return false;
  if (!isAllowed('third-party-scripts', input.roleType, input.companySetting, input.product)) return false;
  if (input.companySetting?.disableSupportWidget === true) return false;
  if (input.userIndustryRole === 'student' && input.plan === PLAN.FREE) return false;
  return isSupportWidgetPathAllowed(input.path);
}
