import type { Session } from '@convo/api';
import { Alert, Anchor, Button, Divider, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useConfig } from '../../app/config/config-store';
import { PATHS } from '../../app/routing/paths';
import { referrerFromSearch, safeReferrer } from '../../app/routing/referrer';
import { landingForSession } from '../../app/routing/use-landing';
import { saveSession, useSession } from '../../app/session/session-store';
import { storage } from '../../app/storage/safe-storage';
import { STORAGE_KEYS } from '../../app/storage/storage-keys';
import { toast, toastError } from '../../app/toasts';
import { AuthLayout } from '../../components/auth-layout';
import { PageLoader } from '../../components/page-loader';
import { PasswordField } from '../../components/password-field';
import { fetchMe, googleStartUrl, login } from './auth-api';
import { GoogleIcon } from './google-icon';

/** Where to go once signed in: the referrer (query, then stored), else the landing page. */
function useAfterLoginTarget(): (session: Session) => string {
  const { search } = useLocation();
  const { variant } = useConfig();
  return (session) =>
    referrerFromSearch(search) ??
    safeReferrer(storage.getItem(STORAGE_KEYS.referrer)) ??
    landingForSession(session, variant);
}

export function LoginPage({ sso }: { sso: boolean }) {
  const { t } = useTranslation();
  const config = useConfig();
  const session = useSession();
  const navigate = useNavigate();
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const googleToken = params.get('googleToken');
  const googleError = params.get('error');
  const targetFor = useAfterLoginTarget();
  const handled = useRef(false);

  const finish = (signedIn: Session) => {
    const target = targetFor(signedIn);
    saveSession(signedIn);
    storage.removeItem(STORAGE_KEYS.referrer);
    navigate(target, { replace: true });
  };

  const form = useForm({
    initialValues: { userName: '', password: '' },
    validate: {
      userName: (value) => (value.trim() === '' ? t('validation.required') : null),
      password: (value) => (value === '' ? t('validation.required') : null),
    },
  });

  const passwordLogin = useMutation({
    mutationFn: login,
    onSuccess: finish,
    onError: (error) => toastError(error),
  });

  const googleLogin = useMutation({
    mutationFn: (token: string) => fetchMe(token),
    onSuccess: finish,
    onError: (error) => {
      toastError(error);
      navigate(sso ? PATHS.loginSso : PATHS.login, { replace: true });
    },
  });

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const referrer = referrerFromSearch(search);
    if (referrer !== null) storage.setItem(STORAGE_KEYS.referrer, referrer);
    if (googleToken !== null) googleLogin.mutate(googleToken);
    else if (googleError !== null)
      toast.error(t('login.googleFailed', { code: googleError }), { id: 'google-error' });
  }, [googleToken, googleError, search, googleLogin, t]);

  if (googleToken !== null) {
    return (
      <AuthLayout title={t('login.googleSigningIn')}>
        <PageLoader minHeight="120px" />
      </AuthLayout>
    );
  }
  if (session !== null && !passwordLogin.isPending) return <Navigate to={targetFor(session)} replace />;

  const startGoogle = () => {
    window.location.assign(googleStartUrl(config.apiBaseUrl, config.variant, window.location.origin));
  };

  return (
    <AuthLayout title={t('login.title')} subtitle={t('login.subtitle', { context: config.variant })}>
      {sso && (
        <Alert color="blue" variant="light" title={t('login.sso.title')} data-testid="sso-mode">
          {t('login.sso.body')}
        </Alert>
      )}
      <form
        onSubmit={form.onSubmit((values) =>
          passwordLogin.mutate({ userName: values.userName.trim(), password: values.password }),
        )}
        noValidate
      >
        <Stack>
          <TextInput
            label={t('login.email')}
            type="email"
            autoComplete="username"
            required
            {...form.getInputProps('userName')}
          />
          <PasswordField
            label={t('login.password')}
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end" mt={-8}>
            <Anchor component={Link} to={PATHS.passwordReset} size="sm">
              {t('login.forgotPassword')}
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={passwordLogin.isPending}>
            {t('login.submit')}
          </Button>
        </Stack>
      </form>
      {config.googleSignIn && (
        <>
          <Divider label={t('login.or')} labelPosition="center" />
          <Button variant="default" fullWidth leftSection={<GoogleIcon />} onClick={startGoogle}>
            {t('login.google')}
          </Button>
        </>
      )}
      <Text size="sm" ta="center">
        {t('login.noAccount')}{' '}
        <Anchor component={Link} to={PATHS.signup}>
          {t('login.signUp')}
        </Anchor>
      </Text>
    </AuthLayout>
  );
}
