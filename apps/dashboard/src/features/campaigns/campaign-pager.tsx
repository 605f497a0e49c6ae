import { Group, Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The campaigns screens' page control: centred, its buttons named for screen readers, and absent
 * when everything fits on one page.
 */
export function CampaignPager({
  total,
  value,
  onChange,
}: {
  total: number;
  value: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation('campaigns');
  if (total <= 1) return null;
  return (
    <Group justify="center">
      <Pagination
        total={total}
        value={value}
        onChange={onChange}
        getControlProps={(control) => ({ 'aria-label': t(`pager.${control}` as 'pager.next') })}
        getItemProps={(p) => ({ 'aria-label': t('pager.page', { page: p }) })}
      />
    </Group>
  );
}
