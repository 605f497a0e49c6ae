import { Box, Group, NavLink, Select, Stack, Text } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, NavLink as RouterNavLink, Routes, useLocation, useNavigate } from 'react-router';
import { SETTINGS_PAGES, settingsPath } from '../../app/routing/settings-pages';
import { canOpen } from '../../app/routing/use-landing';
import { useRequiredSession } from '../../app/session/use-required-session';
import { NotAllowed } from '../../components/not-allowed';
import { PageLoader } from '../../components/page-loader';
import { NotFoundPage } from '../not-found/not-found-page';
import { firstSettingsPath, settingsMenu } from './settings-menu';

/**
 * /settings/*: a menu of the settings pages the role may open (a column beside the page on wide
 * screens, a select above it on phones) and the chosen page.
 */
export function SettingsLayout() {
  const { t } = useTranslation();
  const session = useRequiredSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const menu = settingsMenu(session, SETTINGS_PAGES);
  const first = firstSettingsPath(session, SETTINGS_PAGES);
  const options = menu.map((g) => ({
    group: t(`settingsNav.groups.${g.group}`),
    items: g.pages.map((p) => ({ value: settingsPath(p.slug), label: t(`settingsNav.pages.${p.slug}`) })),
  }));

  return (
    <Group align="flex-start" gap="lg" wrap="nowrap">
      <Box
        component="nav"
        aria-label={t('settingsNav.label')}
        w={220}
        visibleFrom="md"
        style={{ flexShrink: 0 }}
      >
        <Stack gap={4}>
          {menu.map((g) => (
            <Box key={g.group} mb="xs">
              <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={4}>
                {t(`settingsNav.groups.${g.group}`)}
              </Text>
              {g.pages.map((p) => (
                <NavLink
                  key={p.slug}
                  component={RouterNavLink}
                  to={settingsPath(p.slug)}
                  label={t(`settingsNav.pages.${p.slug}`)}
                  active={pathname === settingsPath(p.slug)}
                  variant="light"
                  style={{ borderRadius: 'var(--mantine-radius-md)' }}
                />
              ))}
            </Box>
          ))}
        </Stack>
      </Box>
      <Stack gap="md" style={{ flex: 1, minWidth: 0 }}>
        {options.length > 0 && (
          <Select
            hiddenFrom="md"
            aria-label={t('settingsNav.label')}
            placeholder={t('settingsNav.label')}
            data={options}
            value={options.some((o) => o.items.some((i) => i.value === pathname)) ? pathname : null}
            onChange={(value) => value && navigate(value)}
            allowDeselect={false}
          />
        )}
        <Suspense fallback={<PageLoader />}>
          <Routes>
            <Route index element={first ? <Navigate to={first} replace /> : <NotAllowed />} />
            {SETTINGS_PAGES.map(({ slug, Page }) => (
              <Route
                key={slug}
                path={slug}
                element={canOpen(session, settingsPath(slug)) ? <Page /> : <NotAllowed />}
              />
            ))}
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </Suspense>
      </Stack>
    </Group>
  );
}
