import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Loading state of a screen (while its code or its data loads). */
export function PageLoader({ minHeight = '40vh' }: { minHeight?: string }) {
  const { t } = useTranslation();
  return (
    <Center mih={minHeight} role="status" aria-label={t('common.loading')}>
      <Loader />
    </Center>
  );
}
