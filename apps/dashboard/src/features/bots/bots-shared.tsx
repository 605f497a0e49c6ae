// What the bots screens share: the wording context of the variant, the tabs between the screens,
// error toasts for the bots API's codes, and the list's loading / failure states.

import { isAdminRole } from '@convo/domain';
import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../app/api/api-error';
import { useConfig } from '../../app/config/config-store';
import { useSession } from '../../app/session/session-store';
import { toast, toastError } from '../../app/toasts';
import { LoadFailed as LoadFailedBlock } from '../../components/load-failed';
import { i18next } from '../../i18n/i18n';
import { BOT_SCREEN_PATHS, type BotWording, wordingOf } from './bot-screens';

export const NS = 'bots';

/**
 * `{ context }` for t(): the agentic variant's keys (`_agentic`) say "AI agent"; an agent-product
 * company reads them too, as it lands on its AI agents whatever the server's variant.
 */
export function useWording(): { context: BotWording } {
  const { variant } = useConfig();
  const session = useSession();
  return { context: wordingOf(session?.product === 'agent' ? 'agentic' : variant) };
}

/** Admins change bots; other members with the bots privilege only read. */
export function useCanManageBots(): boolean {
  const session = useSession();
  return session !== null && isAdminRole(session.roleType);
}

export function toastBotError(error: unknown): void {
  if (isApiError(error) && error.code === 'NOT_FOUND') toast.error(i18next.t('errors.notFound', { ns: NS }));
  else if (isApiError(error) && error.code === 'BOT_DISABLED')
    toast.error(i18next.t('errors.disabled', { ns: NS }));
  else toastError(error, i18next.t('errors.somethingWrong', { ns: NS }));
}

const TABS = [
  { path: BOT_SCREEN_PATHS.manage, key: 'tabs.manage' },
  { path: BOT_SCREEN_PATHS.integrations, key: 'tabs.integrations' },
  { path: BOT_SCREEN_PATHS.builderList, key: 'tabs.builder' },
  { path: BOT_SCREEN_PATHS.suggestions, key: 'tabs.suggestions' },
] as const;

/** Links between the bots screens (arrow keys move between tabs, Enter opens). */
export function BotsTabs() {
  const { t } = useTranslation(NS);
  const wording = useWording();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const active = TABS.find((tab) => pathname.startsWith(tab.path))?.path ?? null;
  return (
    <Tabs value={active} onChange={(path) => path && void navigate(path)} aria-label={t('tabs.label')}>
      <Tabs.List>
        {TABS.map((tab) => (
          <Tabs.Tab key={tab.path} value={tab.path}>
            {t(tab.key, wording)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation(NS);
  return (
    <LoadFailedBlock message={t('common.loadFailed')} retryLabel={t('common.retry')} onRetry={onRetry} />
  );
}
