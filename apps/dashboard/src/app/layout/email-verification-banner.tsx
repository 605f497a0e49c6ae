import { Alert, Button, Group, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AlertIcon } from '../../components/icons';
import { resendValidationEmail } from '../../features/auth/api/auth-api';
import { useRequiredSession } from '../session/use-required-session';
import { toast, toastError } from '../toasts';

/** Shown while the signed-in user's e-mail is not verified. */
export function EmailVerificationBanner() {
  const { t } = useTranslation();
  const session = useRequiredSession();
  const resend = useMutation({
    mutationFn: resendValidationEmail,
    onSuccess: () => toast.success(t('emailBanner.sent', { email: session.email })),
    onError: (error) => toastError(error),
  });
  if (session.emailVerified) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<AlertIcon />}
      mb="md"
      data-testid="email-verification-banner"
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t('emailBanner.text', { email: session.email })}</Text>
        <Button
          size="xs"
          variant="white"
          color="dark"
          onClick={() => resend.mutate()}
          loading={resend.isPending}
        >
          {t('emailBanner.resend')}
        </Button>
      </Group>
    </Alert>
  );
}
