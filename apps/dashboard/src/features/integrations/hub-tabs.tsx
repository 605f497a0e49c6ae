import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { INTEGRATION_SCREEN_PATHS } from './integration-views';
import { NS } from './shared';

// The hub's kinds (SPEC §2 /integrations and its sub-pages): every integration, the messaging
// channels, the connected ones, and the automation connector. Each tab is a path of its own.

const TABS = [
  { key: 'all', path: INTEGRATION_SCREEN_PATHS.hub },
  { key: 'messaging', path: INTEGRATION_SCREEN_PATHS.messaging },
  { key: 'manage', path: INTEGRATION_SCREEN_PATHS.manage },
  { key: 'automation', path: INTEGRATION_SCREEN_PATHS.automation },
  { key: 'crms', path: INTEGRATION_SCREEN_PATHS.crms },
] as const;

export function IntegrationHubTabs() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const active =
    pathname === INTEGRATION_SCREEN_PATHS.all
      ? INTEGRATION_SCREEN_PATHS.hub
      : (TABS.find((tab) => tab.path === pathname)?.path ?? INTEGRATION_SCREEN_PATHS.hub);
  return (
    <Tabs value={active} onChange={(path) => path && void navigate(path)} aria-label={t('viewsLabel')}>
      <Tabs.List style={{ flexWrap: 'wrap' }}>
        {TABS.map((tab) => (
          <Tabs.Tab key={tab.path} value={tab.path}>
            {t(`views.${tab.key}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
