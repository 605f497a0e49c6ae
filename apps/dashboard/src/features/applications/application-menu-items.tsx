import { Loader, MenuItem, MenuLabel, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../app/routing/paths';
import { CheckIcon } from '../../components/icons';
import { applicationKeys, fetchApplications } from './applications-api';
import { NS } from './use-application-switch';

/**
 * The shell's application selector, inside the user menu: the person's applications (asked for
 * when the menu opens), the current one ticked, a click switches; and a link to /apps.
 */
export function ApplicationMenuItems({
  enabled,
  onSwitch,
  switchingTo,
}: {
  enabled: boolean;
  onSwitch: (applicationId: string) => void;
  switchingTo: string | null;
}) {
  const { t } = useTranslation(NS);
  const apps = useQuery({
    queryKey: applicationKeys.list,
    queryFn: ({ signal }) => fetchApplications(signal),
    enabled,
  });
  return (
    <>
      <MenuLabel>{t('menu.label')}</MenuLabel>
      {apps.isPending && (
        <MenuItem disabled leftSection={<Loader size={14} />}>
          {t('loading')}
        </MenuItem>
      )}
      {apps.isError && (
        <MenuItem onClick={() => void apps.refetch()} closeMenuOnClick={false}>
          <Text size="sm" c="red">
            {t('loadFailed')} {t('retry')}
          </Text>
        </MenuItem>
      )}
      {apps.data?.map((app) => (
        <MenuItem
          key={app.applicationId}
          data-testid="menu-application"
          aria-current={app.current ? 'true' : undefined}
          rightSection={
            app.current ? (
              <CheckIcon size={14} />
            ) : switchingTo === app.applicationId ? (
              <Loader size={14} />
            ) : null
          }
          disabled={switchingTo !== null}
          onClick={() => {
            if (!app.current) onSwitch(app.applicationId);
          }}
        >
          <Text size="sm" lineClamp={1}>
            {app.name}
          </Text>
        </MenuItem>
      ))}
      <MenuItem component={Link} to={PATHS.apps} data-testid="menu-all-applications">
        {t('menu.manage')}
      </MenuItem>
    </>
  );
}
