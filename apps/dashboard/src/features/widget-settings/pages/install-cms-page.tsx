import { INSTALL_KIT_PATHS, scriptSnippet, WORDPRESS_PLUGIN_SLUG } from '@convo/api';
import { Accordion, Button, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../app/api/download';
import { toast } from '../../../app/toasts';
import { PageLoader } from '../../../components/page-loader';
import { InstallTabs } from '../components/install-tabs';
import { InstallTestEvent } from '../components/install-test-event';
import { SnippetBlock } from '../components/snippet-block';
import { useSnippetInput } from './install-page';
import { NS, PageHeading } from './section-page';

/** The platforms; each has four steps (installCms.platforms.<id>.s1…s4). */
const PLATFORMS = ['wordpress', 'shopify', 'wix', 'squarespace', 'gtm'] as const;
const STEPS = ['s1', 's2', 's3', 's4'] as const;

/** The WordPress plugin, built by the server with this application's id in it. */
function WordPressPluginDownload() {
  const { t } = useTranslation(NS);
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(INSTALL_KIT_PATHS.wordpressPlugin, `${WORDPRESS_PLUGIN_SLUG}.zip`);
    } catch {
      toast.error(t('installCms.pluginFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="xs" loading={busy} onClick={() => void download()} data-testid="wordpress-plugin-download">
      {t('installCms.downloadPlugin')}
    </Button>
  );
}

/** /settings/install-cms: the WordPress plugin, and where to paste the snippet in site builders. */
export function InstallCmsPage() {
  const { t, ready } = useTranslation(NS);
  const input = useSnippetInput();
  if (!ready) return <PageLoader />;
  return (
    <Stack gap="lg" maw={1100}>
      <PageHeading slug="install-cms" description={t('installCms.description')} />
      <InstallTabs current="install-cms" />
      <SnippetBlock
        id="cms-script"
        title={t('installCms.snippet')}
        code={scriptSnippet(input)}
        copyLabel={t('installCms.copySnippet')}
      />
      <Accordion variant="separated" radius="md" defaultValue="wordpress">
        {PLATFORMS.map((platform) => {
          const name = t(`installCms.platforms.${platform}.name`);
          return (
            <Accordion.Item key={platform} value={platform}>
              <Accordion.Control>{name}</Accordion.Control>
              <Accordion.Panel>
                <Stack gap="sm">
                  <List type="ordered" spacing="xs" size="sm">
                    {STEPS.map((step) => (
                      <List.Item key={step}>{t(`installCms.platforms.${platform}.${step}`)}</List.Item>
                    ))}
                  </List>
                  {platform === 'wordpress' && <WordPressPluginDownload />}
                  <Text size="sm" c="dimmed">
                    {t('installTest.hint')}
                  </Text>
                  <InstallTestEvent appId={input.appId} platform={platform} platformName={name} />
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
    </Stack>
  );
}
