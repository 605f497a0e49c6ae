import { validateEmail } from '@convo/domain';
import { Button, Divider, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../app/translate-message';
import { useFields } from '../../lib/use-fields';
import { ssoStartUrl } from './sso-sign-in';

/** /loginv2/sso: the work e-mail picks the company, whose identity provider signs the person in. */
export function SsoStart({ apiBaseUrl }: { apiBaseUrl: string }) {
  const { t } = useTranslation('security');
  const [leaving, setLeaving] = useState(false);
  // Not @mantine/form: this shows on the sign-in page, which comes without it (use-fields.ts).
  const form = useFields(
    { email: '' },
    {
      email: (v) => {
        const r = validateEmail(v.trim());
        return r.ok ? null : translateMessage(r.message);
      },
    },
  );
  return (
    <>
      <form
        noValidate
        onSubmit={form.onSubmit((v) => {
          setLeaving(true);
          window.location.assign(
            ssoStartUrl(apiBaseUrl, v.email.trim().toLowerCase(), window.location.origin),
          );
        })}
      >
        <Stack>
          <TextInput
            label={t('sso.loginEmail')}
            type="email"
            autoComplete="email"
            required
            {...form.input('email')}
          />
          <Button type="submit" fullWidth variant="light" loading={leaving}>
            {t('sso.continue')}
          </Button>
        </Stack>
      </form>
      <Divider />
    </>
  );
}
