import { isAdminRole, isAllowed } from '@convo/domain';
import { Button, Stack, Tabs } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequiredSession } from '../../../app/session/use-required-session';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { BotModal } from '../components/bot-modal';
import { InvitationsPanel } from '../components/invitations-panel';
import { InviteModal } from '../components/invite-modal';
import { MembersPanel } from '../components/members-panel';
import { NS } from '../components/shared';
import { TeamsPanel } from '../components/teams-panel';

/** /settings/team: members, invitations and teams of the application. */
export function TeamPage() {
  const { t, ready } = useTranslation(NS);
  const session = useRequiredSession();
  const [inviting, setInviting] = useState(false);
  const [addingBot, setAddingBot] = useState(false);
  if (!ready) return <PageLoader />;
  const isAdmin = isAdminRole(session.roleType);
  const canDelete = isAllowed(
    'users.delete-option',
    session.roleType,
    session.appSettings.companySetting,
    session.product,
  );
  return (
    <Stack gap="md">
      <PageHeader
        title={t('team.title')}
        description={t('team.description')}
        actions={
          isAdmin && (
            <>
              <Button variant="default" onClick={() => setAddingBot(true)}>
                {t('team.addBot')}
              </Button>
              <Button onClick={() => setInviting(true)}>{t('team.invite')}</Button>
            </>
          )
        }
      />
      <Tabs defaultValue="members" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="members">{t('team.tabs.members')}</Tabs.Tab>
          <Tabs.Tab value="invitations">{t('team.tabs.invitations')}</Tabs.Tab>
          <Tabs.Tab value="teams">{t('team.tabs.teams')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="members" pt="md">
          <MembersPanel session={session} canDelete={canDelete} />
        </Tabs.Panel>
        <Tabs.Panel value="invitations" pt="md">
          <InvitationsPanel roleType={session.roleType} />
        </Tabs.Panel>
        <Tabs.Panel value="teams" pt="md">
          <TeamsPanel roleType={session.roleType} />
        </Tabs.Panel>
      </Tabs>
      <InviteModal opened={inviting} onClose={() => setInviting(false)} session={session} />
      <BotModal opened={addingBot} onClose={() => setAddingBot(false)} />
    </Stack>
  );
}
