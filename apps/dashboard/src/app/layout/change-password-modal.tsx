import { ERROR_CODES } from '@convo/domain';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/form-modal';
import { PasswordField } from '../../components/password-field';
import { usePasswordRule } from '../../components/use-password-rule';
import { changePassword } from '../../features/auth/api/auth-api';
import { endsSession, isApiError } from '../api/api-error';
import { logout } from '../logout';
import { PATHS } from '../routing/paths';
import { toast, toastError } from '../toasts';

interface ChangePasswordModalProps {
  opened: boolean;
  onClose: () => void;
}

/** Old + new password. Success: 'Password changed, please re-login', then logout. */
export function ChangePasswordModal({ opened, onClose }: ChangePasswordModalProps) {
  const { t } = useTranslation();
  const passwordRule = usePasswordRule();
  const form = useForm({
    initialValues: { oldPassword: '', newPassword: '' },
    validateInputOnChange: ['newPassword'],
    validate: {
      oldPassword: (value) => (value === '' ? t('validation.required') : null),
      newPassword: passwordRule,
    },
  });

  const mutation = useMutation({
    mutationFn: (values: { oldPassword: string; newPassword: string }) =>
      changePassword(values.oldPassword, values.newPassword),
    onSuccess: () => {
      toast.success(t('messages.passwordChanged'));
      onClose();
      logout({ redirectTo: PATHS.login });
    },
    onError: (error) => {
      // Any refusal of the request (4xx) other than rate limiting, field validation or an ended
      // session means the current password did not match.
      const wrongPassword =
        isApiError(error) &&
        error.status >= 400 &&
        error.status < 500 &&
        error.code !== ERROR_CODES.RATE_LIMITED &&
        error.code !== ERROR_CODES.VALIDATION_ERROR &&
        !endsSession(error);
      if (wrongPassword) {
        form.setFieldError('oldPassword', t('messages.wrongCurrentPassword'));
        toast.error(t('messages.wrongCurrentPassword'));
        return;
      }
      toastError(error);
    },
  });

  const close = () => {
    form.reset();
    onClose();
  };

  return (
    <FormModal
      opened={opened}
      onClose={close}
      title={t('changePassword.title')}
      onSubmit={form.onSubmit((values) => mutation.mutate(values))}
      noValidate
      submitLabel={t('changePassword.submit')}
      busy={mutation.isPending}
    >
      <PasswordField
        label={t('changePassword.current')}
        autoComplete="current-password"
        required
        data-autofocus
        {...form.getInputProps('oldPassword')}
      />
      <PasswordField
        label={t('changePassword.new')}
        autoComplete="new-password"
        required
        {...form.getInputProps('newPassword')}
      />
    </FormModal>
  );
}
