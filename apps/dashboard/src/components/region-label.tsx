import { Text, type TextProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../app/config/config-store';

/**
 * SPEC §7 regional deployments: the region this server is, only when its operator configured one
 * (REGION, REGION_NAME); nothing at all by default.
 */
export function RegionLabel(props: TextProps) {
  const { t } = useTranslation();
  const { region } = useConfig();
  if (region === null) return null;
  const name = region.name ?? t(`region.names.${region.id}`);
  return (
    <Text size="xs" c="dimmed" data-testid="region-label" {...props}>
      {t('region.label', { name })}
    </Text>
  );
}
