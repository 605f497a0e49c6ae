import { Stack, Text, TextInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../app/api/api-error';
import { queryClient } from '../../app/query-client';
import { PATHS } from '../../app/routing/paths';
import { saveSession } from '../../app/session/session-store';
import { setSwitchingApplication } from '../../app/session/switching';
import { storage } from '../../app/storage/safe-storage';
import { STORAGE_KEYS } from '../../app/storage/storage-keys';
import { toastError } from '../../app/toasts';
import { FormModal } from '../../components/form-modal';
import { requestSwitch } from './applications-api';

export const NS = 'applications';

/** What the browser keeps of one application's data, forgotten when moving to another. */
const APPLICATION_DATA_KEYS = [
  STORAGE_KEYS.drafts,
  STORAGE_KEYS.persistedStore,
  STORAGE_KEYS.botAgentMap,
  STORAGE_KEYS.appIds,
] as const;

/**
 * Moves the dashboard to another application: a new session from the server (the old one ends
 * there), every cached query and the old application's stored data dropped, then a fresh start
 * at the landing page so no screen, socket or store keeps anything of the old application.
 */
async function switchApplication(applicationId: string, otp?: string): Promise<void> {
  setSwitchingApplication(true);
  try {
    await queryClient.cancelQueries();
    const session = await requestSwitch(applicationId, otp);
    saveSession(session);
    queryClient.clear();
    for (const key of APPLICATION_DATA_KEYS) storage.removeItem(key);
    window.location.assign(PATHS.root);
  } catch (error) {
    setSwitchingApplication(false);
    throw error;
  }
}

const OTP_CODES = ['OTP_REQUIRED', 'INVALID_OTP'];

/**
 * The switch as screens use it: `switchTo(id)`, the id being switched to (while busy), and the
 * dialog asking for the other membership's second-factor code when it has one (render `dialog`).
 */
export function useApplicationSwitch(): {
  switchTo: (applicationId: string) => void;
  switchingTo: string | null;
  dialog: ReactNode;
} {
  const { t } = useTranslation(NS);
  const [switchingTo, setSwitchingTo] = useState<string | null>(null);
  const [otpFor, setOtpFor] = useState<string | null>(null);
  const [otp, setOtp] = useState('');
  const [otpError, setOtpError] = useState<string | null>(null);

  const run = (applicationId: string, code?: string) => {
    setSwitchingTo(applicationId);
    switchApplication(applicationId, code).catch((error: unknown) => {
      setSwitchingTo(null);
      if (isApiError(error) && OTP_CODES.includes(error.code)) {
        setOtpFor(applicationId);
        setOtpError(code === undefined ? null : t('otp.wrong'));
        return;
      }
      toastError(error, t('switchFailed'));
    });
  };

  const close = () => {
    setOtpFor(null);
    setOtp('');
    setOtpError(null);
  };

  const dialog = (
    <FormModal
      opened={otpFor !== null}
      title={t('otp.title')}
      onClose={close}
      onSubmit={(event) => {
        event.preventDefault();
        if (otpFor !== null) run(otpFor, otp.trim());
      }}
      submitLabel={t('otp.submit')}
      busy={switchingTo !== null}
      submitDisabled={otp.trim() === ''}
    >
      <Stack gap="xs">
        <Text size="sm">{t('otp.description')}</Text>
        <TextInput
          label={t('otp.label')}
          value={otp}
          onChange={(event) => setOtp(event.currentTarget.value)}
          autoComplete="one-time-code"
          inputMode="text"
          maxLength={32}
          error={otpError}
          data-autofocus
          data-testid="switch-otp"
        />
      </Stack>
    </FormModal>
  );

  return { switchTo: (id) => run(id), switchingTo, dialog };
}
