import { Anchor, Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorIllustration } from '../../components/error-illustration';
import { Logo } from '../../components/logo';
import { Tagged } from '../../i18n/tagged';
import { useConfig } from '../config/config-store';
import { PATHS } from '../routing/paths';
import { useLandingPath } from '../routing/use-landing';
import { SUPPORT_EMAIL } from '../support';
import { reportRenderError } from './error-reporting';

// Fetched when the member first asks to report: the error screen is in every page's boot (issue 39).
const ReportErrorDialog = lazy(() =>
  import('./report-error-dialog').then((m) => ({ default: m.ReportErrorDialog })),
);

/** Session-missing variant: the translated message and a way back to the login page. */
export function SessionMissingScreen() {
  const { t } = useTranslation();
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" gap="md" maw={420} ta="center">
        <Title order={2}>{t('messages.sessionNotFound')}</Title>
        {/* A full load: whatever state led here is dropped. */}
        <Button component="a" href={PATHS.login}>
          {t('messages.goToLoginPage')}
        </Button>
      </Stack>
    </Center>
  );
}

/** General variant, shown only when the config enables error reporting. */
export function GeneralErrorScreen({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const config = useConfig();
  const [reporting, setReporting] = useState(false);
  // Mounted from the first ask on (kept then, so its closing transition plays).
  const [asked, setAsked] = useState(false);
  // The crash is reported as the screen shows; 'Report an Error' adds the member's words to it.
  const eventId = useMemo(() => reportRenderError(error), [error]);
  // Reload Dashboard: a full load of the variant's home (/bots/manage-bots in agentic, /dashboard in
  // classic), through the landing rule, so it is a screen that exists and the user may open.
  const reloadTarget = useLandingPath();
  return (
    <Center mih="80vh" p="md">
      <Stack align="center" gap="lg" maw={520} ta="center">
        <Logo variant={config.variant} />
        <ErrorIllustration />
        <Title order={2}>{t('messages.errorScreenTitle')}</Title>
        <Group justify="center">
          <Button component="a" href={reloadTarget}>
            {t('messages.reloadDashboard')}
          </Button>
          <Button
            variant="default"
            onClick={() => {
              setAsked(true);
              setReporting(true);
            }}
          >
            {t('messages.reportAnError')}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          <Tagged
            text={t('errorScreen.support', { email: SUPPORT_EMAIL })}
            tag="mail"
            render={(email) => <Anchor href={`mailto:${SUPPORT_EMAIL}`}>{email}</Anchor>}
          />
        </Text>
      </Stack>
      {asked && (
        <Suspense fallback={null}>
          <ReportErrorDialog
            opened={reporting}
            onClose={() => setReporting(false)}
            error={error}
            eventId={eventId}
          />
        </Suspense>
      )}
    </Center>
  );
}
