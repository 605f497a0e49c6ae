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
import { validateEmail } from '../api/auth-api';

/** /email/validate?code=…: the link in the validation mail. */
export function EmailValidatePage() {
  const { t } = useTranslation();
  const session = useSession();
  const { search } = useLocation();
  const code = new URLSearchParams(search).get('code')?.trim() ?? '';

  // A query, not a mutation: it runs once per code, even when React mounts the page twice.
  const result = useQuery({
    queryKey: ['email-validate', code],
    queryFn: () => validateEmail(code),
    enabled: code !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

  const verified = result.isSuccess;
  const signedInUnverified = session !== null && !session.emailVerified;
  useEffect(() => {
    if (verified && signedInUnverified) updateSession({ emailVerified: true });
  }, [verified, signedInUnverified]);

  const next =
    session === null ? (
      <Button component={Link} to={PATHS.login} fullWidth>
        {t('emailValidate.toLogin')}
      </Button>
    ) : (
      <Button component={Link} to={PATHS.root} fullWidth>
        {t('emailValidate.toDashboard')}
      </Button>
    );

  if (code === '') {
    return (
      <AuthLayout title={t('emailValidate.title')}>
        <Alert color="red" variant="light" role="alert">
          {t('emailValidate.missingCode')}
        </Alert>
        {next}
      </AuthLayout>
    );
  }
  if (result.isPending) {
    return (
      <AuthLayout title={t('emailValidate.title')} subtitle={t('emailValidate.checking')}>
        <PageLoader minHeight="120px" />
      </AuthLayout>
    );
  }
  if (result.isError) {
    const message = isApiError(result.error)
      ? translateMessage(result.error.message)
      : t('messages.genericRetry');
    return (
      <AuthLayout title={t('emailValidate.failedTitle')}>
        <Alert color="red" variant="light" role="alert" data-testid="email-validate-error">
          {message}
        </Alert>
        {next}
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t('emailValidate.successTitle')}>
      <Stack align="center" gap="xs" data-testid="email-validate-success">
        <CheckIcon size={40} color="var(--convo-primary)" />
        <Text ta="center">{t('emailValidate.successBody')}</Text>
      </Stack>
      {next}
    </AuthLayout>
  );
}
