import { DEFAULT_TEAM, GROUP_ROLE, type Product, ROLE_TYPE } from '@convo/domain';
import { hashPassword } from '../../platform/crypto.js';
import type { Db } from '../../platform/db/database.js';
import * as accounts from '../accounts/index.js';
import { addMember, provisionWorkspace } from '../accounts/index.js';
import { seedDemoBot } from './demo-bot.js';
import { seedDemoConversations } from './demo-conversations.js';

/** The demo workspace's people; all share one password so the README can print it once. */
export const DEMO_PASSWORD = 'Demo1234';
export const DEMO_MEMBERS = [
  { email: 'owner@demo.convo.local', name: 'Olivia Owner', role: 'owner', roleType: ROLE_TYPE.SUPER_ADMIN },
  { email: 'admin@demo.convo.local', name: 'Adam Admin', role: 'admin', roleType: ROLE_TYPE.ADMIN },
  { email: 'agent1@demo.convo.local', name: 'Ana Agent', role: 'agent', roleType: ROLE_TYPE.AGENT },
  { email: 'agent2@demo.convo.local', name: 'Ben Agent', role: 'agent', roleType: ROLE_TYPE.AGENT },
  { email: 'bot@demo.convo.local', name: 'Store Assistant', role: 'bot', roleType: ROLE_TYPE.BOT },
  // So each role's menus and refusals can be tried: developer (11) and operator (12) too.
  {
    email: 'developer@demo.convo.local',
    name: 'Dev Developer',
    role: 'developer',
    roleType: ROLE_TYPE.DEVELOPER,
  },
  {
    email: 'operator@demo.convo.local',
    name: 'Opal Operator',
    role: 'operator',
    roleType: ROLE_TYPE.OPERATOR,
  },
] as const;

export interface DemoSeedResult {
  applicationId: string;
  conversations: number;
  members: typeof DEMO_MEMBERS;
  password: string;
}

/**
 * On the first start of an empty database: one company with a super admin, an admin, two agents,
 * a bot, a developer, an operator, the Default Team and a Sales team, and the default tags. Runs in one transaction.
 */
export async function seedDemoIfEmpty(
  db: Db,
  options: { product?: Product } = {},
): Promise<DemoSeedResult | null> {
  if ((await accounts.countApplications(db)) > 0) return null;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const [owner, ...rest] = DEMO_MEMBERS;
  return db.transaction(async (tx) => {
    // Several nodes may start at once on one empty database: one seeds, the others see it done.
    await accounts.lockForSeeding(tx);
    if ((await accounts.countApplications(tx)) > 0) return null;
    const ws = await provisionWorkspace(tx, {
      companyName: 'Demo Store',
      owner: {
        email: owner.email,
        name: owner.name,
        passwordHash,
        roleType: owner.roleType,
        emailVerified: true,
      },
      // The agentic variant's demo is an agent-product company, so its menus are that product's.
      product: options.product ?? 'classic',
    });
    const people = [];
    for (const m of rest) {
      people.push(await addMember(tx, ws.application.id, { ...m, passwordHash, emailVerified: true }));
    }
    const agents = people.filter((p) => p.roleType === ROLE_TYPE.AGENT);
    await accounts.insertTeamMembers(
      tx,
      people
        .filter((p) => p.roleType !== ROLE_TYPE.BOT)
        .map((p) => ({
          teamId: ws.defaultTeam.id,
          userId: p.id,
          applicationId: ws.application.id,
          role: GROUP_ROLE.MEMBER,
        })),
    );
    const sales = await accounts.insertTeam(tx, {
      applicationId: ws.application.id,
      clientGroupId: `${DEFAULT_TEAM.clientGroupId}_sales`,
      name: 'Sales',
    });
    await accounts.insertTeamMembers(
      tx,
      agents.map((p) => ({
        teamId: sales.id,
        userId: p.id,
        applicationId: ws.application.id,
        role: GROUP_ROLE.MEMBER,
      })),
    );
    const conversations = await seedDemoConversations(tx, ws.application.id, ws.owner);
    // After the seeded conversations, so they stay with the people they were written for.
    const bot = people.find((p) => p.roleType === ROLE_TYPE.BOT);
    const ana = agents.find((p) => p.displayName === 'Ana Agent');
    if (bot) await seedDemoBot(tx, ws.application.id, bot.id, ana?.userId ?? null);
    return {
      applicationId: ws.application.id,
      members: DEMO_MEMBERS,
      password: DEMO_PASSWORD,
      conversations,
    };
  });
}
