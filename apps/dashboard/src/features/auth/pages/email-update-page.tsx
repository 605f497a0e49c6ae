import { Alert, Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { isApiError } from '../../../app/api/api-error';
import { PATHS } from '../../../app/routing/paths';
import { updateSession, useSession } from '../../../app/session/session-store';
import { translateMessage } from '../../../app/translate-message';
import { AuthLayout } from '../../../components/auth-layout';
import { CheckIcon } from '../../../components/icons';
import { PageLoader } from '../../../components/page-loader';
import { confirmEmailChange } from '../api/email-change-api';

/** /email/update?token=…: the link mailed to the new address by the profile page's "Change e-mail". */
export function EmailUpdatePage() {
  const { t, ready } = useTranslation('routes');
  const { t: tc } = useTranslation();
  const session = useSession();
  const { search } = useLocation();
  const token = new URLSearchParams(search).get('token')?.trim() ?? '';

  // A query, not a mutation: it runs once per token, even when React mounts the page twice.
  const result = useQuery({
    queryKey: ['email-update', token],
    queryFn: () => confirmEmailChange(token),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

  const newEmail = result.data?.email ?? null;
  const sessionEmail = session?.email ?? null;
  useEffect(() => {
    // The open session is the same member: show the new e-mail without signing in again.
    if (newEmail !== null && sessionEmail !== null && sessionEmail !== newEmail)
      updateSession({ email: newEmail, userName: newEmail, emailVerified: true });
  }, [newEmail, sessionEmail]);

  if (!ready) return <PageLoader minHeight="100vh" />;
  const next =
    session === null ? (
      <Button component={Link} to={PATHS.login} fullWidth>
        {t('emailUpdate.toLogin')}
      </Button>
    ) : (
      <Button component={Link} to={PATHS.root} fullWidth>
        {t('emailUpdate.toDashboard')}
      </Button>
    );

  if (token === '' || result.isError) {
    const message =
      token === ''
        ? t('emailUpdate.missingToken')
        : isApiError(result.error)
          ? translateMessage(result.error.message)
          : tc('messages.genericRetry');
    return (
      <AuthLayout title={t('emailUpdate.failedTitle')}>
        <Alert color="red" variant="light" role="alert" data-testid="email-update-error">
          {message}
        </Alert>
        {next}
      </AuthLayout>
    );
  }
  if (result.isPending) {
    return (
      <AuthLayout title={t('emailUpdate.title')} subtitle={t('emailUpdate.checking')}>
        <PageLoader minHeight="120px" />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t('emailUpdate.successTitle')}>
      <Stack align="center" gap="xs" data-testid="email-update-success">
        <CheckIcon size={40} color="var(--convo-primary)" />
        <Text ta="center">{t('emailUpdate.successBody', { email: result.data.email })}</Text>
      </Stack>
      {next}
    </AuthLayout>
  );
}
