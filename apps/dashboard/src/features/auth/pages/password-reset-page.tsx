import { validateEmail } from '@convo/domain';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { PATHS } from '../../../app/routing/paths';
import { toast, toastError } from '../../../app/toasts';
import { translateMessage } from '../../../app/translate-message';
import { AuthLayout } from '../../../components/auth-layout';
import { PasswordField } from '../../../components/password-field';
import { usePasswordRule } from '../../../components/use-password-rule';
import { requestPasswordReset, updatePasswordWithCode, validateResetCode } from '../api/auth-api';

interface NewPasswordFormProps {
  userName: string;
  /** Known from the mail link; when absent the form asks for it. */
  code: string | null;
}

/** Validates the reset code, then sets the new password; success goes to the login page. */
function NewPasswordForm({ userName, code }: NewPasswordFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const passwordRule = usePasswordRule();
  const form = useForm({
    initialValues: { code: code ?? '', newPassword: '' },
    validateInputOnChange: ['newPassword'],
    validate: {
      code: (value) => (value.trim() === '' ? t('validation.required') : null),
      newPassword: passwordRule,
    },
  });
  const mutation = useMutation({
    mutationFn: async (values: { code: string; newPassword: string }) => {
      await validateResetCode(userName, values.code.trim());
      return updatePasswordWithCode(userName, values.code.trim(), values.newPassword);
    },
    onSuccess: () => {
      toast.success(t('passwordReset.success'));
      navigate(PATHS.login, { replace: true });
    },
    onError: (error) => toastError(error),
  });
  return (
    <form onSubmit={form.onSubmit((values) => mutation.mutate(values))} noValidate>
      <Stack>
        {code === null && (
          <TextInput
            label={t('passwordReset.code')}
            autoComplete="one-time-code"
            required
            data-autofocus
            {...form.getInputProps('code')}
          />
        )}
        <PasswordField
          label={t('passwordReset.newPassword')}
          autoComplete="new-password"
          required
          {...form.getInputProps('newPassword')}
        />
        <Button type="submit" fullWidth loading={mutation.isPending}>
          {t('passwordReset.update')}
        </Button>
      </Stack>
    </form>
  );
}

function BackToLogin() {
  const { t } = useTranslation();
  return (
    <Text size="sm" ta="center">
      <Anchor component={Link} to={PATHS.login}>
        {t('passwordReset.backToLogin')}
      </Anchor>
    </Text>
  );
}

/** /password/reset: ask for a code by e-mail, then enter it with a new password. */
export function PasswordResetPage() {
  const { t } = useTranslation();
  const [requestedFor, setRequestedFor] = useState<string | null>(null);
  const form = useForm({
    initialValues: { userName: '' },
    validate: {
      userName: (value) => {
        const result = validateEmail(value.trim());
        return result.ok ? null : translateMessage(result.message);
      },
    },
  });
  const request = useMutation({
    mutationFn: (userName: string) => requestPasswordReset(userName),
    onSuccess: (_, userName) => setRequestedFor(userName),
    onError: (error) => toastError(error),
  });

  if (requestedFor !== null) {
    return (
      <AuthLayout
        title={t('passwordReset.enterCodeTitle')}
        subtitle={t('passwordReset.codeSent', { email: requestedFor })}
      >
        <NewPasswordForm userName={requestedFor} code={null} />
        <Text size="sm" ta="center">
          <Anchor component="button" type="button" onClick={() => request.mutate(requestedFor)}>
            {t('passwordReset.resend')}
          </Anchor>
        </Text>
        <BackToLogin />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('passwordReset.title')} subtitle={t('passwordReset.subtitle')}>
      <form
        onSubmit={form.onSubmit((values) => request.mutate(values.userName.trim().toLowerCase()))}
        noValidate
      >
        <Stack>
          <TextInput
            label={t('passwordReset.email')}
            type="email"
            autoComplete="username"
            required
            {...form.getInputProps('userName')}
          />
          <Button type="submit" fullWidth loading={request.isPending}>
            {t('passwordReset.sendCode')}
          </Button>
        </Stack>
      </form>
      <BackToLogin />
    </AuthLayout>
  );
}

/** /password/update?code=…&userName=… (the link in the reset mail): the new-password form directly. */
export function PasswordUpdatePage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const code = params.get('code');
  const userName = params.get('userName');
  if (code === null || code === '' || userName === null || userName === '') {
    return (
      <AuthLayout title={t('passwordReset.title')}>
        <Alert color="red" variant="light">
          {t('passwordReset.incompleteLink')}
        </Alert>
        <Button component={Link} to={PATHS.passwordReset} fullWidth>
          {t('passwordReset.requestNew')}
        </Button>
        <BackToLogin />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title={t('passwordReset.chooseTitle')}
      subtitle={t('passwordReset.forAccount', { email: userName })}
    >
      <NewPasswordForm userName={userName} code={code} />
      <BackToLogin />
    </AuthLayout>
  );
}
