import { validateEmail } from '@convo/domain';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../app/api/api-error';
import { toast, toastError } from '../../app/toasts';
import { translateMessage } from '../../app/translate-message';
import { PasswordField } from '../../components/password-field';
import { requestEmailChange } from '../auth/api/email-change-api';

/** "Change e-mail": the link goes to the new address; nothing changes until it is opened there. */
export function EmailChangeModal({
  opened,
  onClose,
  currentEmail,
}: {
  opened: boolean;
  onClose: () => void;
  currentEmail: string;
}) {
  const { t } = useTranslation('routes');
  const { t: tc } = useTranslation();
  const form = useForm({
    initialValues: { newEmail: '', password: '' },
    validate: {
      newEmail: (value) => {
        const result = validateEmail(value.trim());
        if (!result.ok) return translateMessage(result.message);
        return value.trim().toLowerCase() === currentEmail.toLowerCase() ? t('emailChange.same') : null;
      },
      password: (value) => (value === '' ? tc('validation.required') : null),
    },
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const send = useMutation({
    mutationFn: (v: typeof form.values) =>
      requestEmailChange({ newEmail: v.newEmail.trim(), password: v.password }),
    onSuccess: (_, v) => {
      toast.success(t('emailChange.sent', { email: v.newEmail.trim().toLowerCase() }));
      close();
    },
    onError: (error) => {
      if (isApiError(error) && error.code === 'WRONG_PASSWORD')
        form.setFieldError('password', translateMessage(error.message));
      else if (isApiError(error) && error.status === 409)
        form.setFieldError('newEmail', translateMessage(error.message));
      toastError(error);
    },
  });
  return (
    <Modal opened={opened} onClose={close} title={t('emailChange.title')} centered>
      <form noValidate onSubmit={form.onSubmit((v) => send.mutate(v))}>
        <Stack>
          <Text size="sm" c="dimmed">
            {t('emailChange.hint', { email: currentEmail })}
          </Text>
          <TextInput
            label={t('emailChange.newEmail')}
            type="email"
            autoComplete="email"
            required
            data-autofocus
            {...form.getInputProps('newEmail')}
          />
          <PasswordField
            label={t('emailChange.password')}
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {tc('common.cancel')}
            </Button>
            <Button type="submit" loading={send.isPending}>
              {t('emailChange.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
