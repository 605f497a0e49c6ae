import { type EmailNotifications, NO_EMAIL_NOTIFICATIONS } from '@convo/api';
import { Alert, Anchor, Button, Stack, Switch, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { isApiError } from '../../app/api/api-error';
import { PATHS } from '../../app/routing/paths';
import { toast, toastError } from '../../app/toasts';
import { AuthLayout } from '../../components/auth-layout';
import { PageLoader } from '../../components/page-loader';
import { fetchMailPreferences, mailLinkKey, saveMailPreferences } from './notification-settings-api';

const NS = 'notifications';
/** The mails the server sends today (as on Settings → Email notifications). */
const CHOICES = ['assignedToMe'] as const;
const ALL_ON: EmailNotifications = { assignedToMe: true, newMessageWhileOffline: true, dailySummary: false };

export type MailLinkMode = 'subscribe' | 'unsubscribe';

/** Whether every mail the server sends is off. */
export const unsubscribedFromAll = (choices: EmailNotifications) => CHOICES.every((c) => !choices[c]);

/**
 * /unsubscribe and /subscribe?token=…: the link in a notification mail. It opens the member's mail
 * choices without signing in; the main button turns every mail off (unsubscribe) or back on
 * (subscribe), and the switches change them one by one.
 */
export function MailPreferencesPage({ mode }: { mode: MailLinkMode }) {
  const { t, ready } = useTranslation(NS);
  const { search } = useLocation();
  const token = new URLSearchParams(search).get('token')?.trim() ?? '';
  const queryClient = useQueryClient();
  const [done, setDone] = useState(false);
  const preferences = useQuery({
    queryKey: mailLinkKey(token),
    queryFn: () => fetchMailPreferences(token),
    enabled: token !== '',
    retry: false,
  });
  const save = useMutation({
    mutationFn: (choices: EmailNotifications) => saveMailPreferences(token, choices),
    onSuccess: (saved) => {
      queryClient.setQueryData(mailLinkKey(token), saved);
      toast.success(t('mailLink.saved'));
    },
    onError: (error) => toastError(error),
  });

  if (!ready) return <PageLoader minHeight="100vh" />;
  const title = t(`mailLink.${mode}.title`);
  const otherPath = mode === 'unsubscribe' ? PATHS.subscribe : PATHS.unsubscribe;
  const toLogin = (
    <Anchor component={Link} to={PATHS.login} ta="center">
      {t('mailLink.toLogin')}
    </Anchor>
  );

  const invalid =
    token === '' ||
    (preferences.isError && isApiError(preferences.error) && preferences.error.status === 400);
  if (invalid) {
    return (
      <AuthLayout title={title}>
        <Alert color="red" variant="light" role="alert" data-testid="mail-link-invalid">
          {t('mailLink.invalid')}
        </Alert>
        {toLogin}
      </AuthLayout>
    );
  }
  if (preferences.isError) {
    return (
      <AuthLayout title={title}>
        <Alert color="red" variant="light" role="alert">
          {t('loadFailed')}
        </Alert>
        <Button variant="light" onClick={() => void preferences.refetch()}>
          {t('retry')}
        </Button>
      </AuthLayout>
    );
  }
  if (!preferences.data) {
    return (
      <AuthLayout title={title} subtitle={t('loading')}>
        <PageLoader minHeight="120px" />
      </AuthLayout>
    );
  }

  const { email, choices } = preferences.data;
  const allOff = unsubscribedFromAll(choices);
  const apply = (next: EmailNotifications) => save.mutate(next, { onSuccess: () => setDone(true) });
  const mainAction =
    mode === 'unsubscribe' ? (
      <Button
        color="red"
        onClick={() => apply(NO_EMAIL_NOTIFICATIONS)}
        loading={save.isPending}
        disabled={allOff}
      >
        {t('mailLink.unsubscribe.action')}
      </Button>
    ) : (
      <Button
        onClick={() => apply({ ...ALL_ON, dailySummary: choices.dailySummary })}
        loading={save.isPending}
        disabled={!allOff}
      >
        {t('mailLink.subscribe.action')}
      </Button>
    );

  return (
    <AuthLayout title={title} subtitle={t('mailLink.for', { email })}>
      <Stack gap="md" data-testid="mail-preferences">
        <Text role="status" data-testid="mail-link-state">
          {allOff ? t('mailLink.stateOff') : t('mailLink.stateOn')}
        </Text>
        {done && (
          <Alert color="teal" variant="light" data-testid="mail-link-done">
            {mode === 'unsubscribe' && allOff ? t('mailLink.unsubscribe.done') : t('mailLink.saved')}
          </Alert>
        )}
        {CHOICES.map((choice) => (
          <Switch
            key={choice}
            label={t(`email.${choice}.label`)}
            description={t(`email.${choice}.help`)}
            checked={choices[choice]}
            disabled={save.isPending}
            onChange={(event) => save.mutate({ ...choices, [choice]: event.currentTarget.checked })}
          />
        ))}
        {mainAction}
        <Anchor component={Link} to={`${otherPath}${search}`} ta="center" size="sm">
          {t(`mailLink.${mode}.other`)}
        </Anchor>
        {toLogin}
      </Stack>
    </AuthLayout>
  );
}
