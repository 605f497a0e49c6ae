import { describe, expect, it } from 'vitest';
import type { SettingsPage } from '../../app/routing/settings-paths';
import { makeSession } from '../../app/session/session.fixture';
import { firstSettingsPath, settingsMenu } from './settings-menu';

const Page = () => null;
const pages: SettingsPage[] = [
  { slug: 'profile', group: 'account', Page },
  { slug: 'roles-permissions', group: 'company', Page },
  { slug: 'install', group: 'widget', Page },
  { slug: 'install-mobile', group: 'widget', hiddenFromMenu: true, Page },
];

const slugs = (session: ReturnType<typeof makeSession>) =>
  settingsMenu(session, pages).flatMap((g) => g.pages.map((p) => p.slug));

describe('settings menu', () => {
  it('lists what the role may open, grouped, without hidden pages', () => {
    expect(slugs(makeSession({ roleType: '0' }))).toEqual(['profile', 'roles-permissions', 'install']);
    expect(slugs(makeSession({ roleType: '2' }))).not.toContain('roles-permissions');
  });

  it('follows the company setting', () => {
    const session = makeSession({ roleType: '2' });
    session.appSettings.companySetting = { rolesAndPermissions: { 'settings.install': ['0'] } };
    expect(slugs(session)).not.toContain('install');
  });

  it('leads "Settings" to the first page the role may open, or nowhere', () => {
    expect(firstSettingsPath(makeSession({ roleType: '1' }), pages)).toBe('/settings/profile');
    expect(firstSettingsPath(makeSession({ roleType: '1' }), [])).toBeNull();
  });
});
