import { CONVERSATION_STATUS } from '@convo/domain';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

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
    <Badge
      size="xs"
      variant="light"
      color={COLOURS[status] ?? 'gray'}
      data-testid="status-badge"
      style={{ flexShrink: 0 }}
    >
      {t(`status.${status}`, { defaultValue: String(status) })}
    </Badge>
  );
}
