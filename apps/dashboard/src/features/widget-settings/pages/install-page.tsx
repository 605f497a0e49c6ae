import { iframeSnippet, scriptSnippet, sideboxSnippet, WIDGET_PUBLIC_PATHS } from '@convo/api';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Code,
  CopyButton,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConfig } from '../../../app/config/config-store';
import { settingsPath } from '../../../app/routing/settings-paths';
import { useRequiredSession } from '../../../app/session/use-required-session';
import { CheckIcon, CopyIcon } from '../../../components/icons';
import { PageLoader } from '../../../components/page-loader';
import { InstallTabs } from '../components/install-tabs';
import { SnippetBlock } from '../components/snippet-block';
import { NS, PageHeading } from './section-page';

/** Where the customer's site reaches this server: the dashboard is served by it. */
export function useSnippetInput() {
  const { applicationId } = useRequiredSession();
  const { variant } = useConfig();
  return { origin: window.location.origin, appId: applicationId, variant };
}

function AppId({ appId }: { appId: string }) {
  const { t } = useTranslation(NS);
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {t('install.appId')}
      </Text>
      <Code data-testid="install-app-id">{appId}</Code>
      <CopyButton value={appId} timeout={2000}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('common.copied') : t('install.copyAppId')}>
            <ActionIcon variant="subtle" onClick={copy} aria-label={t('install.copyAppId')}>
              {copied ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

/**
 * The website snippets of SPEC §2 (script, iframe, legacy sidebox) for this application. Exported
 * for the set-up page, which shows the same content with its own "skip".
 */
export function InstallSnippets() {
  const { t } = useTranslation(NS);
  const input = useSnippetInput();
  const snippets = [
    {
      id: 'script',
      title: t('install.script.title'),
      description: t('install.script.description'),
      code: scriptSnippet(input),
    },
    {
      id: 'iframe',
      title: t('install.iframe.title'),
      description: t('install.iframe.description'),
      code: iframeSnippet(input),
    },
    {
      id: 'sidebox',
      title: t('install.sidebox.title'),
      description: t('install.sidebox.description'),
      code: sideboxSnippet(input),
    },
  ];
  return (
    <Stack gap="md">
      <AppId appId={input.appId} />
      {input.variant === 'agentic' && (
        <Alert color="grape" variant="light">
          {t('install.agentic')}
        </Alert>
      )}
      {snippets.map((s) => (
        <SnippetBlock
          key={s.id}
          id={s.id}
          title={s.title}
          description={s.description}
          code={s.code}
          copyLabel={t('install.copySnippet', { name: s.title })}
        />
      ))}
    </Stack>
  );
}

/** /settings/install: the snippets, the demo store, and the way to the mobile and CMS guides. */
export function InstallPage() {
  const { t, ready } = useTranslation(NS);
  if (!ready) return <PageLoader />;
  return (
    <Stack gap="lg" maw={1100}>
      <PageHeading slug="install" description={t('install.description')} />
      <InstallTabs current="install" />
      <InstallSnippets />
      <Paper
        withBorder
        radius="md"
        p={{ base: 'sm', sm: 'md' }}
        component="section"
        aria-labelledby="demo-title"
      >
        <Group justify="space-between" gap="sm">
          <Stack gap={2} style={{ minWidth: 0, flex: '1 1 260px' }}>
            <Title order={2} fz="h5" id="demo-title">
              {t('install.demo.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('install.demo.body')}
            </Text>
          </Stack>
          <Button
            component="a"
            href={WIDGET_PUBLIC_PATHS.demo}
            target="_blank"
            rel="noopener"
            variant="light"
          >
            {t('install.demo.link')}
          </Button>
        </Group>
      </Paper>
      <Stack gap={4}>
        <Text size="sm">
          {t('install.mobileHint')}{' '}
          <Anchor component={Link} to={settingsPath('install-mobile')}>
            {t('install.mobileLink')}
          </Anchor>
        </Text>
        <Text size="sm">
          {t('install.cmsHint')}{' '}
          <Anchor component={Link} to={settingsPath('install-cms')}>
            {t('install.cmsLink')}
          </Anchor>
        </Text>
      </Stack>
    </Stack>
  );
}
