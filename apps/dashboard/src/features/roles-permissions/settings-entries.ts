// The roles and permissions page in the settings menu (its own chunk), behind the plan's
// `rolesAndPermissions` feature.

import { lazyPage } from '../../app/routing/lazy-page';
import type { SettingsPage } from '../../app/routing/settings-paths';
import { gated } from '../billing/components/feature-gate';

export const ROLES_PERMISSIONS_SETTINGS_PAGES: readonly SettingsPage[] = [
  {
    slug: 'roles-permissions',
    group: 'company',
    Page: gated(
      'rolesAndPermissions',
      lazyPage(() => import('./roles-permissions-page').then((m) => m.RolesPermissionsPage)),
    ),
  },
];
