import { profileResponseSchema, TEAM_ADMIN_PATHS } from '@convo/api';
import { isAllowed, isSupportedLanguage, type Language, SELECTABLE_LANGUAGES } from '@convo/domain';
import { Avatar, Box, MenuDivider, MenuItem, MenuLabel, Text, UnstyledButton } from '@mantine/core';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon, ChevronDownIcon, GlobeIcon, KeyIcon, LogoutIcon } from '../../components/icons';
import { LazyMenu } from '../../components/overlays/lazy-menu';
import { RegionLabel } from '../../components/region-label';
import { ApplicationMenuItems } from '../../features/applications/application-menu-items';
import { useApplicationSwitch } from '../../features/applications/use-application-switch';
import { changeLanguage } from '../../i18n/i18n';
import { LANGUAGE_NAMES } from '../../i18n/languages';
import { apiRequest } from '../api/api-client';
import { logout } from '../logout';
import { lazyPage } from '../routing/lazy-page';
import { PATHS } from '../routing/paths';
import { useRequiredSession } from '../session/use-required-session';
import { toastError } from '../toasts';
import { useRoleLabel } from './use-role-label';

/** The member's e-mails (the weekly digest) follow the language they read the dashboard in. */
function chooseLanguage(language: Language, saveOnProfile: boolean) {
  void changeLanguage(language);
  if (!saveOnProfile) return;
  apiRequest(TEAM_ADMIN_PATHS.profile, {
    method: 'PATCH',
    body: { language },
    schema: profileResponseSchema,
  }).catch(toastError);
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return `${parts[0]?.[0] ?? ''}${parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : ''}`.toUpperCase() || '?';
}

// Loaded when first asked for: its form library (@mantine/form) is on no signed-in landing page
// otherwise (issue 39: /dashboard and /conversations on the wire).
const ChangePasswordModal = lazyPage(
  () => import('./change-password-modal').then((m) => m.ChangePasswordModal),
  { bootStylesOnly: true },
);

export function UserMenu() {
  const { t, i18n } = useTranslation();
  const session = useRequiredSession();
  const roleLabel = useRoleLabel(session.roleType);
  const [changingPassword, setChangingPassword] = useState(false);
  // Mounted from the first opening on, so that closing keeps the modal's transition.
  const [passwordAsked, setPasswordAsked] = useState(false);
  const [opened, setOpened] = useState(false);
  const appSwitch = useApplicationSwitch();
  const current = i18n.resolvedLanguage ?? i18n.language;
  const mayEditProfile = isAllowed(
    'settings.profile',
    session.roleType,
    session.appSettings.companySetting,
    session.product,
  );

  return (
    <>
      <LazyMenu
        position="bottom-end"
        width={240}
        shadow="md"
        withinPortal
        opened={opened}
        onChange={setOpened}
        target={
          <UnstyledButton aria-label={t('userMenu.label')} data-testid="user-menu">
            <Box style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
              <Avatar src={session.imageLink} radius="xl" size={32} color="brand" alt="">
                {initials(session.name)}
              </Avatar>
              <Box visibleFrom="sm" style={{ lineHeight: 1.2 }}>
                <Text size="sm" fw={600} lineClamp={1}>
                  {session.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {roleLabel}
                </Text>
              </Box>
              <ChevronDownIcon size={14} />
            </Box>
          </UnstyledButton>
        }
      >
        <Box px="sm" py={6}>
          <Text size="sm" fw={600} lineClamp={1}>
            {session.name}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={1}>
            {session.email}
          </Text>
          <Text size="xs" c="dimmed">
            {t('userMenu.role', { role: roleLabel })}
          </Text>
          <RegionLabel />
        </Box>
        <MenuDivider />
        <ApplicationMenuItems
          enabled={opened}
          onSwitch={appSwitch.switchTo}
          switchingTo={appSwitch.switchingTo}
        />
        <MenuDivider />
        <MenuLabel>
          <Box component="span" style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
            <GlobeIcon size={14} />
            {t('language.label')}
          </Box>
        </MenuLabel>
        {SELECTABLE_LANGUAGES.map((lng) => (
          <MenuItem
            key={lng}
            lang={lng}
            onClick={() => {
              if (isSupportedLanguage(lng)) chooseLanguage(lng, mayEditProfile);
            }}
            rightSection={current === lng ? <CheckIcon size={14} /> : null}
            aria-current={current === lng ? 'true' : undefined}
          >
            {LANGUAGE_NAMES[lng]}
          </MenuItem>
        ))}
        <MenuDivider />
        <MenuItem
          leftSection={<KeyIcon size={16} />}
          onClick={() => {
            setPasswordAsked(true);
            setChangingPassword(true);
          }}
        >
          {t('userMenu.changePassword')}
        </MenuItem>
        <MenuItem
          leftSection={<LogoutIcon size={16} />}
          color="red"
          onClick={() => logout({ redirectTo: PATHS.login })}
        >
          {t('userMenu.logout')}
        </MenuItem>
      </LazyMenu>
      {passwordAsked && (
        <Suspense fallback={null}>
          <ChangePasswordModal opened={changingPassword} onClose={() => setChangingPassword(false)} />
        </Suspense>
      )}
      {appSwitch.dialog}
    </>
  );
}
