import { AppShell, Burger, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { memo, type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterNavLink, useLocation } from 'react-router';
import {
  BotIcon,
  ChatIcon,
  ClockIcon,
  HelpIcon,
  HomeIcon,
  ListIcon,
  MailIcon,
  PlugIcon,
  SettingsIcon,
  UsersIcon,
} from '../../components/icons';
import { Logo } from '../../components/logo';
import { PresenceControl } from '../../features/inbox/components/presence-control';
import { useConfig } from '../config/config-store';
import { ConnectionBanner } from '../realtime/connection-banner';
import { useRealtimeConnection } from '../realtime/use-realtime';
import { useRequiredSession } from '../session/use-required-session';
import { EmailVerificationBanner } from './email-verification-banner';
import { activeNavPaths, type NavGroup, type NavIcon, navGroupsFor } from './nav-items';
import classes from './navigation.module.css';
import { UserMenu } from './user-menu';

const ICONS: Record<NavIcon, ReactNode> = {
  home: <HomeIcon />,
  help: <HelpIcon />,
  mail: <MailIcon />,
  chat: <ChatIcon />,
  users: <UsersIcon />,
  list: <ListIcon />,
  clock: <ClockIcon />,
  settings: <SettingsIcon />,
  bot: <BotIcon />,
  plug: <PlugIcon />,
};

/** The signed-in frame: header with the user menu, left navigation (a burger on phones), content. */
export function AppLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const config = useConfig();
  const session = useRequiredSession();
  const [navOpened, { toggle, close }] = useDisclosure(false);
  const location = useLocation();
  const groups = useMemo(
    () => navGroupsFor(session, { errorReporting: config.errorReporting, metabase: config.metabase }),
    [session, config.errorReporting, config.metabase],
  );
  // The header and the navigation render again only when what they show changes, not on every
  // path change (opening a conversation is one: issue 39 item 4).
  // A string, so that the memoised navigation compares it by value.
  const active = activeNavPaths(groups, location.pathname).join(' ');
  useRealtimeConnection();

  // On a phone the navigation closes after choosing a screen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change by design
  useEffect(() => {
    close();
  }, [location.pathname, close]);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding="md"
    >
      <a className="convo-skip-link" href="#main-content">
        {t('layout.skipToContent')}
      </a>
      <AppShell.Header>
        <Header navOpened={navOpened} onToggle={toggle} />
      </AppShell.Header>
      <AppShell.Navbar p="sm" id="main-navigation" aria-label={t('layout.navigation')} component="nav">
        <Navigation groups={groups} active={active} />
      </AppShell.Navbar>
      <AppShell.Main id="main-content" tabIndex={-1}>
        <EmailVerificationBanner />
        <ConnectionBanner />
        {children}
      </AppShell.Main>
    </AppShell>
  );
}

const Header = memo(function Header({ navOpened, onToggle }: { navOpened: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const config = useConfig();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={navOpened}
          onClick={onToggle}
          hiddenFrom="sm"
          size="sm"
          aria-label={navOpened ? t('layout.closeNavigation') : t('layout.openNavigation')}
          aria-expanded={navOpened}
          aria-controls="main-navigation"
        />
        <Logo variant={config.variant} />
        <Text size="sm" c="dimmed" visibleFrom="md">
          {t('app.tagline', { context: config.variant })}
        </Text>
      </Group>
      <Group gap="sm" wrap="nowrap">
        <PresenceControl />
        <UserMenu />
      </Group>
    </Group>
  );
});

/**
 * The screens' links, grouped; `active` holds the paths of the links the current path is under.
 * Plain elements styled as Mantine's NavLink (navigation.module.css): the first render of every
 * signed-in page draws them all (issue 39 item 2).
 */
const Navigation = memo(function Navigation({ groups, active }: { groups: NavGroup[]; active: string }) {
  const { t } = useTranslation();
  const config = useConfig();
  const session = useRequiredSession();
  const activePaths = new Set(active.split(' '));
  return (
    <div className={classes.list}>
      {groups.map((group) => (
        // biome-ignore lint/a11y/useSemanticElements: a group of links, not of form controls (fieldset is for forms)
        <div
          key={group.key}
          role="group"
          aria-labelledby={group.labelKey ? `nav-group-${group.key}` : undefined}
          data-testid={`nav-group-${group.key}`}
          className={classes.group}
        >
          {group.labelKey && (
            <p id={`nav-group-${group.key}`} className={classes.groupLabel}>
              {t(group.labelKey)}
            </p>
          )}
          {group.items.map((item) => (
            <RouterNavLink
              key={item.path}
              to={item.path}
              className={classes.link}
              data-active={activePaths.has(item.path) || undefined}
            >
              <span className={classes.icon}>{ICONS[item.icon]}</span>
              <span className={classes.body}>
                <span className={classes.label}>
                  {item.labelKey === 'nav.bots'
                    ? t(item.labelKey, { context: session.product === 'agent' ? 'agentic' : config.variant })
                    : t(item.labelKey)}
                </span>
              </span>
            </RouterNavLink>
          ))}
        </div>
      ))}
    </div>
  );
});
