import { scriptSnippet } from '@convo/api';
import { Accordion, List, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/page-loader';
import { useSnippetInput } from './install-page';
import { InstallTabs } from './install-tabs';
import { NS, PageHeading } from './section-page';
import { SnippetBlock } from './snippet-block';

/** The platforms; each has four steps (installCms.platforms.<id>.s1…s4). */
const PLATFORMS = ['wordpress', 'shopify', 'wix', 'squarespace', 'gtm'] as const;
const STEPS = ['s1', 's2', 's3', 's4'] as const;

/** /settings/install-cms: where to paste the script snippet in common site builders. */
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
        {PLATFORMS.map((platform) => (
          <Accordion.Item key={platform} value={platform}>
            <Accordion.Control>{t(`installCms.platforms.${platform}.name`)}</Accordion.Control>
            <Accordion.Panel>
              <List type="ordered" spacing="xs" size="sm">
                {STEPS.map((step) => (
                  <List.Item key={step}>{t(`installCms.platforms.${platform}.${step}`)}</List.Item>
                ))}
              </List>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  );
}
