import type { LoginRequest, Session } from '@convo/api';
import { Alert, Button, Divider, Group, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../app/api/api-error';
import { useConfig } from '../../../app/config/config-store';
import { NavigateAway, PageLink, usePageNavigation } from '../../../app/routing/page-navigation';
import { PATHS } from '../../../app/routing/paths';
import { referrerFromSearch, safeReferrer } from '../../../app/routing/referrer';
import { landingForSession } from '../../../app/routing/use-landing';
import { saveSession, useSession } from '../../../app/session/session-store';
import { storage } from '../../../app/storage/safe-storage';
import { STORAGE_KEYS } from '../../../app/storage/storage-keys';
import { toast, toastError } from '../../../app/toasts';
import { AuthLayout } from '../../../components/auth-layout';
import { PageLoader } from '../../../components/page-loader';
import { PasswordField } from '../../../components/password-field';
import { useFields } from '../../../lib/use-fields';
import { twoFactorErrorText } from '../../security/two-factor-errors';
import { ssoErrorText } from '../../sso/sso-sign-in';
import { SsoStart } from '../../sso/sso-start';
import { fetchMe, googleStartUrl, login } from '../api/auth-api';
import { GoogleIcon } from '../components/google-icon';

/** Where to go once signed in: the referrer (query, then stored), else the landing page. */
function useAfterLoginTarget(): (session: Session) => string {
  const { search } = usePageNavigation();
  const { variant } = useConfig();
  return (session) =>
    referrerFromSearch(search) ??
    safeReferrer(storage.getItem(STORAGE_KEYS.referrer)) ??
    landingForSession(session, variant);
}

export function LoginPage({ sso }: { sso: boolean }) {
  const { t } = useTranslation();
  const { t: tSecurity, ready: securityReady } = useTranslation('security');
  const config = useConfig();
  const session = useSession();
  // Not react-router's hooks nor react-query: a cold /loginv2 renders this page without them
  // (app/sign-in/sign-in-app.tsx, issue 39).
  const { search, navigate } = usePageNavigation();
  const params = new URLSearchParams(search);
  // A token vouched for by Google or by the company's SSO provider: both finish the same way.
  const googleToken = params.get('googleToken') ?? params.get('ssoToken');
  const googleError = params.get('error');
  const targetFor = useAfterLoginTarget();
  const handled = useRef(false);

  const finish = (signedIn: Session) => {
    const target = targetFor(signedIn);
    saveSession(signedIn);
    storage.removeItem(STORAGE_KEYS.referrer);
    navigate(target, { replace: true });
  };

  const form = useFields(
    { userName: '', password: '', otp: '' },
    {
      userName: (value) => (value.trim() === '' ? t('validation.required') : null),
      password: (value) => (value === '' ? t('validation.required') : null),
    },
  );

  // Two-factor sign-in: the server answers OTP_REQUIRED, then the code goes with the password.
  const [needsOtp, setNeedsOtp] = useState(false);
  const [signingIn, setSigningIn] = useState(false);
  const passwordLogin = (body: LoginRequest) => {
    setSigningIn(true);
    login(body).then(
      (signedIn) => {
        // Stays true: the page is left (a second submit must not go out meanwhile).
        finish(signedIn);
      },
      (error: unknown) => {
        setSigningIn(false);
        if (isApiError(error) && error.code === 'OTP_REQUIRED') {
          setNeedsOtp(true);
          return;
        }
        const otpText = twoFactorErrorText(error);
        if (otpText !== null) form.setError('otp', otpText);
        toastError(error);
      },
    );
  };

  const googleLogin = (token: string) => {
    fetchMe(token).then(finish, (error: unknown) => {
      toastError(error);
      navigate(sso ? PATHS.loginSso : PATHS.login, { replace: true });
    });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once (handled), googleLogin's identity does not matter
  useEffect(() => {
    // SSO and 2FA messages live in the security namespace: wait until it has loaded.
    if (handled.current || !securityReady) return;
    handled.current = true;
    const referrer = referrerFromSearch(search);
    if (referrer !== null) storage.setItem(STORAGE_KEYS.referrer, referrer);
    if (googleToken !== null) googleLogin(googleToken);
    else if (googleError !== null)
      toast.error(ssoErrorText(googleError) ?? t('login.googleFailed', { code: googleError }), {
        id: 'google-error',
      });
  }, [googleToken, googleError, search, t, securityReady]);

  if (googleToken !== null) {
    return (
      <AuthLayout title={t('login.googleSigningIn')}>
        <PageLoader minHeight="120px" />
      </AuthLayout>
    );
  }
  if (session !== null && !signingIn) return <NavigateAway to={targetFor(session)} />;

  const startGoogle = () => {
    window.location.assign(googleStartUrl(config.apiBaseUrl, config.variant, window.location.origin));
  };

  return (
    <AuthLayout title={t('login.title')} subtitle={t('login.subtitle', { context: config.variant })}>
      {sso && (
        <Alert color="blue" variant="light" title={t('login.sso.title')} data-testid="sso-mode">
          {tSecurity('sso.loginBody')}
        </Alert>
      )}
      {sso && <SsoStart apiBaseUrl={config.apiBaseUrl} />}
      <form
        onSubmit={form.onSubmit((values) =>
          passwordLogin({
            userName: values.userName.trim(),
            password: values.password,
            ...(needsOtp && values.otp.trim() !== '' ? { otp: values.otp.trim() } : {}),
          }),
        )}
        noValidate
      >
        <Stack>
          <TextInput
            label={t('login.email')}
            type="email"
            autoComplete="username"
            required
            {...form.input('userName')}
          />
          <PasswordField
            label={t('login.password')}
            autoComplete="current-password"
            required
            {...form.input('password')}
          />
          {needsOtp && (
            <TextInput
              label={tSecurity('login.codeLabel')}
              description={tSecurity('login.codeHint')}
              autoComplete="one-time-code"
              required
              autoFocus
              {...form.input('otp')}
            />
          )}
          <Group justify="flex-end" mt={-8}>
            <PageLink to={PATHS.passwordReset} size="sm">
              {t('login.forgotPassword')}
            </PageLink>
          </Group>
          <Button type="submit" fullWidth loading={signingIn}>
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
        {t('login.noAccount')} <PageLink to={PATHS.signup}>{t('login.signUp')}</PageLink>
      </Text>
    </AuthLayout>
  );
}
