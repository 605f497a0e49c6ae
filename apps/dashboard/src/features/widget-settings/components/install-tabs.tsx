import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type SettingsSlug, settingsPath } from '../../../app/routing/settings-paths';
import { NS } from '../pages/section-page';

const TABS = [
  { slug: 'install', label: 'install.tabs.web' },
  { slug: 'install-mobile', label: 'install.tabs.mobile' },
  { slug: 'install-cms', label: 'install.tabs.cms' },
] as const satisfies readonly { slug: SettingsSlug; label: string }[];

/** The three install pages as tabs: the website snippets, mobile apps, CMS and tag managers. */
export function InstallTabs({ current }: { current: (typeof TABS)[number]['slug'] }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  return (
    <Tabs
      value={current}
      onChange={(value) => value && value !== current && navigate(settingsPath(value as SettingsSlug))}
    >
      <Tabs.List aria-label={t('install.tabs.label')}>
        {TABS.map((tab) => (
          <Tabs.Tab key={tab.slug} value={tab.slug}>
            {t(tab.label)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
