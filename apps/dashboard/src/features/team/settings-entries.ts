// Account and company settings pages (profile, security, company, team, roles and permissions), each its own
// chunk, in the settings menu.

import { lazyPage } from '../../app/routing/lazy-page';
import type { SettingsPage } from '../../app/routing/settings-paths';
import { gated } from '../billing/feature-gate';

export const TEAM_SETTINGS_PAGES: readonly SettingsPage[] = [
  {
    slug: 'profile',
    group: 'account',
    Page: lazyPage(() => import('../profile/profile-page').then((m) => m.ProfilePage)),
  },
  {
    slug: 'security',
    group: 'account',
    Page: lazyPage(() => import('../security/security-page').then((m) => m.SecurityPage)),
  },
  {
    slug: 'company',
    group: 'company',
    Page: lazyPage(() => import('../company/company-page').then((m) => m.CompanyPage)),
  },
  { slug: 'team', group: 'company', Page: lazyPage(() => import('./team-page').then((m) => m.TeamPage)) },
  {
    slug: 'sso',
    group: 'company',
    Page: gated(
      'sso',
      lazyPage(() => import('../sso/sso-page').then((m) => m.SsoPage)),
    ),
  },
  {
    slug: 'roles-permissions',
    group: 'company',
    Page: gated(
      'rolesAndPermissions',
      lazyPage(() =>
        import('../roles-permissions/roles-permissions-page').then((m) => m.RolesPermissionsPage),
      ),
    ),
  },
];
