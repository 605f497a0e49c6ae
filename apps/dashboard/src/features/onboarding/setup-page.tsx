import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { useConfig } from '../../app/config/config-store';
import { PATHS } from '../../app/routing/paths';
import { useLandingPath } from '../../app/routing/use-landing';
import { useSession } from '../../app/session/session-store';
import { Logo } from '../../components/logo';
import { PageLoader } from '../../components/page-loader';
import { InstallSnippets } from '../widget-settings/pages/install-page';
import { NS } from './setup-guide';
import { testPageUrl } from './setup-steps';

/**
 * /setUpPage and /installation (SPEC §2): put the widget on the website, right after sign-up. Without
 * a session it leads to /signup; /installation is the same page with skip hidden.
 */
export function SetUpPage({ skippable }: { skippable: boolean }) {
  const session = useSession();
  if (session === null) return <Navigate to={PATHS.signup} replace />;
  return <SetUpContent skippable={skippable} applicationId={session.applicationId} />;
}

function SetUpContent({ skippable, applicationId }: { skippable: boolean; applicationId: string }) {
  const { t, ready } = useTranslation([NS, 'widgetSettings']);
  const { variant } = useConfig();
  const landing = useLandingPath();
  if (!ready) return <PageLoader minHeight="100vh" />;
  return (
    <Container size="md" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <Logo variant={variant} />
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t('setUp.title')}
          </Title>
          <Text c="dimmed">{t('setUp.description')}</Text>
        </Stack>
        <InstallSnippets />
        <Group justify="space-between" wrap="wrap">
          <Button
            component="a"
            href={testPageUrl(applicationId)}
            target="_blank"
            rel="noopener"
            variant="light"
          >
            {t('install.testPage')}
          </Button>
          <Group>
            <Button component={Link} to={PATHS.welcome} variant="default">
              {t('setUp.guide')}
            </Button>
            {skippable && (
              <Button component={Link} to={landing} data-testid="setup-skip">
                {t('setUp.skip')}
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </Container>
  );
}
