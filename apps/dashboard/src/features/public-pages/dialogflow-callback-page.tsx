import { Alert, Button, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PATHS } from '../../app/routing/paths';
import { AuthLayout } from '../../components/auth-layout';
import { PageLoader } from '../../components/page-loader';
import { DIALOGFLOW_CALLBACK_MESSAGE, parseOAuthCallback } from './oauth-callback';

/** Whether this page was opened by a window of our own origin (the bot integrations page's pop-up). */
function ourOpener(): Window | null {
  try {
    const opener = window.opener as Window | null;
    return opener && opener.location.origin === window.location.origin ? opener : null;
  } catch {
    // Another origin's window: reading its location throws, and it gets nothing from us.
    return null;
  }
}

/**
 * /dialogflow-callback: Google's OAuth redirect after a Dialogflow account is chosen. Opened as a
 * pop-up, it hands the result to the window that opened it and closes; opened on its own, it shows
 * the result and links back to the bot integrations. There is no Dialogflow engine yet, so it
 * never claims a connection was made (docs/decisions.md).
 */
export function DialogflowCallbackPage() {
  const { t, ready } = useTranslation('routes');
  const { search } = useLocation();
  const result = useMemo(() => parseOAuthCallback(search), [search]);
  const [handedOver, setHandedOver] = useState(false);

  useEffect(() => {
    const opener = ourOpener();
    if (opener === null || result.kind === 'empty') return;
    opener.postMessage({ type: DIALOGFLOW_CALLBACK_MESSAGE, ...result }, window.location.origin);
    setHandedOver(true);
    window.close();
  }, [result]);

  if (!ready) return <PageLoader minHeight="100vh" />;
  const back = (
    <Button component={Link} to={PATHS.botIntegrations} fullWidth>
      {t('dialogflow.back')}
    </Button>
  );
  return (
    <AuthLayout title={t('dialogflow.title')}>
      <Stack gap="sm" data-testid="dialogflow-callback">
        {handedOver && <Text>{t('dialogflow.handedOver')}</Text>}
        {!handedOver && result.kind === 'code' && (
          <Alert color="blue" variant="light">
            {t('dialogflow.codeReceived')}
          </Alert>
        )}
        {result.kind === 'error' && (
          <Alert color="red" variant="light" role="alert">
            {t('dialogflow.denied', { error: result.description ?? result.error })}
          </Alert>
        )}
        {result.kind === 'empty' && (
          <Alert color="yellow" variant="light" role="alert">
            {t('dialogflow.empty')}
          </Alert>
        )}
        <Text size="sm" c="dimmed">
          {t('dialogflow.notAvailable')}
        </Text>
      </Stack>
      {back}
    </AuthLayout>
  );
}
