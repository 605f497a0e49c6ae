import type { Integration, MetaOAuthType } from '@convo/api';
import { Accordion, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionLoader } from '../../../components/page-loader';
import { useMetaOAuthConfig, useStartMetaOAuth } from '../api';
import { ChannelIcon } from '../channel-icon';
import { FacebookConnectForm, InstagramConnectForm } from '../credentials-connect-form';
import { NS, toastIntegrationError } from '../shared';

// Facebook and Instagram: "Connect with Facebook / Instagram" through Facebook Login with the
// server's Meta app (the browser leaves for Meta's dialog and comes back to this page with the
// pages to pick from), and the pasted page token kept as the advanced way. A server without a
// Meta app offers the pasted form only, and says why.

const MANUAL = { facebook: FacebookConnectForm, instagram: InstagramConnectForm } as const;

function MetaConnectForm({ integration, type }: { integration: Integration; type: MetaOAuthType }) {
  const { t } = useTranslation(NS);
  const config = useMetaOAuthConfig();
  const start = useStartMetaOAuth(type);
  const [leaving, setLeaving] = useState(false);
  const Manual = MANUAL[type];
  if (config.isPending) return <SectionLoader label={t('loading')} />;
  if (config.data?.configured !== true)
    return (
      <Stack gap="sm">
        <Text size="sm" c="dimmed" data-testid="meta-oauth-off">
          {t('meta.notConfigured')}
        </Text>
        <Manual integration={integration} />
      </Stack>
    );
  const connect = () =>
    start.mutate(undefined, {
      onSuccess: (url) => {
        setLeaving(true);
        window.location.assign(url);
      },
      onError: toastIntegrationError,
    });
  return (
    <Stack gap="md">
      <Stack gap="xs">
        <Text size="sm">{t(`meta.oauthHowTo.${type}`)}</Text>
        <Group>
          <Button
            leftSection={<ChannelIcon channel={type} size={18} />}
            onClick={connect}
            loading={start.isPending || leaving}
            data-testid={`${type}-oauth-connect`}
          >
            {t(`meta.connectWith.${type}`)}
          </Button>
        </Group>
      </Stack>
      <Accordion variant="contained" radius="md">
        <Accordion.Item value="advanced">
          <Accordion.Control data-testid="meta-advanced">{t('meta.advanced')}</Accordion.Control>
          <Accordion.Panel>
            <Manual integration={integration} />
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </Stack>
  );
}

type FormProps = { integration: Integration };
export const FacebookMetaConnectForm = ({ integration }: FormProps) => (
  <MetaConnectForm integration={integration} type="facebook" />
);
export const InstagramMetaConnectForm = ({ integration }: FormProps) => (
  <MetaConnectForm integration={integration} type="instagram" />
);
