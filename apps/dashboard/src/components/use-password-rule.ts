import { validatePassword } from '@convo/domain';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../app/translate-message';

/** Form validator for a new password: the domain rule, its message translated (en is the spec text). */
export function usePasswordRule(): (value: string) => string | null {
  useTranslation();
  return (value) => {
    const result = validatePassword(value);
    return result.ok ? null : translateMessage(result.message);
  };
}
