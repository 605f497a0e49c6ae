import { isAllowed } from '@convo/domain';
import { Alert, Anchor, Button, Center, Code, Image, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { PATHS } from '../../app/routing/paths';
import { useSession } from '../../app/session/session-store';
import { toastError } from '../../app/toasts';
import { AuthLayout } from '../../components/auth-layout';
import { SectionLoader } from '../../components/page-loader';
import { RecoveryCodes } from './recovery-codes';
import { TWO_FACTOR_SETUP_PATH } from './security-page';
import { enableTwoFactor, generateQr } from './two-factor-api';
import { twoFactorErrorText } from './two-factor-errors';

const SECURITY_PATH = '/settings/security';

function Setup() {
  const { t } = useTranslation('security');
  const navigate = useNavigate();
  const started = useRef(false);
  const qr = useMutation({ mutationFn: generateQr });
  const form = useForm({ initialValues: { code: '' } });
  const verify = useMutation({
    mutationFn: (code: string) => enableTwoFactor(code),
    onError: (error) => {
      const text = twoFactorErrorText(error);
      if (text === null) toastError(error);
      else form.setFieldError('code', text);
    },
  });
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    qr.mutate();
  }, [qr]);

  const back = (
    <Anchor component={Link} to={SECURITY_PATH} size="sm">
      {t('setup.back')}
    </Anchor>
  );
  if (verify.data) {
    return <RecoveryCodes codes={verify.data.recoveryCodes} onDone={() => navigate(SECURITY_PATH)} />;
  }
  if (qr.isError) {
    const text = twoFactorErrorText(qr.error);
    return (
      <Stack>
        <Alert color={text === null ? 'red' : 'blue'} role="alert">
          {text ?? t('loadFailed')}
        </Alert>
        {back}
      </Stack>
    );
  }
  if (!qr.data) {
    return <SectionLoader label={t('setup.title')} />;
  }
  return (
    <form noValidate onSubmit={form.onSubmit((v) => verify.mutate(v.code.trim()))}>
      <Stack>
        <Text size="sm">{t('setup.scan')}</Text>
        <Center>
          <Image src={qr.data.qrDataUrl} alt={t('setup.qrAlt')} w={200} h={200} />
        </Center>
        <Stack gap={4}>
          <Text size="sm">{t('setup.keyLabel')}</Text>
          <Code fz="md" data-testid="two-factor-secret" style={{ wordBreak: 'break-all' }}>
            {qr.data.secret}
          </Code>
        </Stack>
        <TextInput
          label={t('setup.enterCode')}
          autoComplete="one-time-code"
          inputMode="numeric"
          required
          data-autofocus
          {...form.getInputProps('code')}
        />
        <Button type="submit" loading={verify.isPending}>
          {t('setup.verify')}
        </Button>
        {back}
      </Stack>
    </form>
  );
}

/** /2fa/setup: scan the QR code, confirm a first code, keep the recovery codes. */
export function TwoFactorSetupPage() {
  const { t, ready } = useTranslation('security');
  const session = useSession();
  if (session === null) {
    return <Navigate to={`${PATHS.login}?referrer=${encodeURIComponent(TWO_FACTOR_SETUP_PATH)}`} replace />;
  }
  const allowed = isAllowed(
    'settings.2fa',
    session.roleType,
    session.appSettings.companySetting,
    session.product,
  );
  return (
    <AuthLayout title={ready ? t('setup.title') : ''} width={480}>
      {allowed ? (
        <Setup />
      ) : (
        <Stack>
          <Alert color="red" role="alert">
            {t('setup.notAllowed')}
          </Alert>
          <Anchor component={Link} to={PATHS.dashboard}>
            {t('setup.back')}
          </Anchor>
        </Stack>
      )}
    </AuthLayout>
  );
}
