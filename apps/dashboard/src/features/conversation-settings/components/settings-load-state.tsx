import { Alert, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SectionLoader } from '../../../components/page-loader';

/**
 * What a settings page shows before its data is there: a loader while it loads, and an error with
 * "Try again" when it failed (never the form with defaults, which a save would write over the real
 * settings). Use as `if (!query.isSuccess) return <SettingsLoadState query={query} />`.
 */
export function SettingsLoadState({ query }: { query: { isPending: boolean; refetch: () => unknown } }) {
  const { t } = useTranslation('conversationSettings');
  if (query.isPending) return <SectionLoader label={t('loading')} />;
  return (
    <Alert color="red" title={t('loadError')}>
      <Button size="xs" variant="light" onClick={() => void query.refetch()}>
        {t('retry')}
      </Button>
    </Alert>
  );
}
