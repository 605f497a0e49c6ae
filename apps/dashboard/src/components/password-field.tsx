import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * PasswordInput with a translated show/hide button whose name does not contain the word
 * "password", so `getByLabel('Password')` finds the field alone.
 */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation();
  return (
    <PasswordInput visibilityToggleButtonProps={{ 'aria-label': t('common.showCharacters') }} {...props} />
  );
}
