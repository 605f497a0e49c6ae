import { CONVERSATION_STATUS } from '@convo/domain';
import { useTranslation } from 'react-i18next';
import { PlainBadge } from '../../../components/plain-badge';

const COLOURS: Record<number, string> = {
  [CONVERSATION_STATUS.INITIAL]: 'blue',
  [CONVERSATION_STATUS.OPEN]: 'teal',
  [CONVERSATION_STATUS.PROGRESS]: 'cyan',
  [CONVERSATION_STATUS.CLOSED]: 'gray',
  [CONVERSATION_STATUS.SPAM]: 'red',
  [CONVERSATION_STATUS.DUPLICATE]: 'gray',
  [CONVERSATION_STATUS.ARCHIVE]: 'gray',
  [CONVERSATION_STATUS.UNRESPONDED]: 'orange',
  [CONVERSATION_STATUS.WAITING]: 'yellow',
};

export function StatusBadge({ status }: { status: number }) {
  const { t } = useTranslation('inbox');
  return (
    <PlainBadge variant="light" color={COLOURS[status] ?? 'gray'} data-testid="status-badge">
      {t(`status.${status}`, { defaultValue: String(status) })}
    </PlainBadge>
  );
}
