// Online/away from the header (SPEC §4 user status), and automatic away after a quiet spell:
// an agent who left the desk stops receiving new conversations from the round robin.

import { isAllowed, USER_STATUS } from '@convo/domain';
import { useIdle } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { updateSession } from '../../../app/session/session-store';
import { useRequiredSession } from '../../../app/session/use-required-session';
import { toast, toastError } from '../../../app/toasts';
import { PlainSegmentedControl } from '../../../components/plain-segmented-control';
import { setAvailability } from '../api/inbox-api';

/** Minutes without mouse or keyboard before an online agent is set away. */
export const AUTO_AWAY_AFTER_MS = 15 * 60_000;

export function PresenceControl() {
  const { t } = useTranslation('inbox');
  const session = useRequiredSession();
  const [busy, setBusy] = useState(false);
  const idle = useIdle(AUTO_AWAY_AFTER_MS, { initialState: false });
  const online = session.availabilityStatus === USER_STATUS.ONLINE;
  const answers = isAllowed(
    'conversations',
    session.roleType,
    session.appSettings.companySetting,
    session.product,
  );

  const change = async (status: 0 | 1, auto = false) => {
    setBusy(true);
    try {
      const res = await setAvailability(status);
      updateSession({ availabilityStatus: res.status });
      if (auto) toast.info(t('presence.autoAway'));
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to becoming idle only
  useEffect(() => {
    if (idle && online && answers && !busy) void change(USER_STATUS.AWAY, true);
  }, [idle]);

  if (!answers) return null;
  return (
    <PlainSegmentedControl
      size="xs"
      aria-label={t('presence.label')}
      value={online ? 'online' : 'away'}
      onChange={(v) => void change(v === 'online' ? USER_STATUS.ONLINE : USER_STATUS.AWAY)}
      disabled={busy}
      color={online ? 'teal' : 'gray'}
      data={[
        { value: 'online', label: t('presence.online') },
        { value: 'away', label: t('presence.away') },
      ]}
      data-testid="presence"
    />
  );
}
