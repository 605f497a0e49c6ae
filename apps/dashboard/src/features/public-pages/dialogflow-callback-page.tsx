import { BOT_CREDENTIALS_PATHS, botResponseSchema } from '@convo/api';
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { apiRequest } from '../../app/api/api-client';
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

/** The server exchanges the code for the agent's tokens (the state names the bot). */
const completeAuthorization = (body: { code: string; state: string }) =>
  apiRequest(BOT_CREDENTIALS_PATHS.dialogflowAuthorize, { method: 'POST', body, schema: botResponseSchema });

/**
 * /dialogflow-callback: Google's OAuth redirect after a Dialogflow agent is authorized. Opened as a
 * pop-up, it hands the result to the bot integrations page that opened it (which has the server
 * exchange the code) and closes; opened on its own, it has the server exchange the code itself
 * (the signed-in admin's session; the state names the bot) and says whether the agent is connected.
 */
export function DialogflowCallbackPage() {
  const { t, ready } = useTranslation('routes');
  const { search } = useLocation();
  const result = useMemo(() => parseOAuthCallback(search), [search]);
  const [handedOver, setHandedOver] = useState(false);
  const exchange = useMutation({ mutationFn: completeAuthorization });
  const { mutate } = exchange;

  useEffect(() => {
    if (result.kind === 'empty') return;
    const opener = ourOpener();
    if (opener === null) {
      if (result.kind === 'code' && result.state !== null) mutate({ code: result.code, state: result.state });
      return;
    }
    opener.postMessage({ type: DIALOGFLOW_CALLBACK_MESSAGE, ...result }, window.location.origin);
    setHandedOver(true);
    window.close();
  }, [result, mutate]);

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
        {!handedOver && exchange.isPending && (
          <Text size="sm" role="status">
            <Loader size="xs" mr="xs" />
            {t('dialogflow.connecting')}
          </Text>
        )}
        {exchange.isSuccess && (
          <Alert color="green" variant="light" role="status">
            {t('dialogflow.connected')}
          </Alert>
        )}
        {(exchange.isError || (result.kind === 'code' && result.state === null)) && (
          <Alert color="red" variant="light" role="alert">
            {t('dialogflow.failed')}
          </Alert>
        )}
      </Stack>
      {back}
    </AuthLayout>
  );
}
