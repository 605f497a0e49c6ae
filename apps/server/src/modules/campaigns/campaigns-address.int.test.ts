import { campaignAddressOf } from '@convo/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campaignRecipients, users } from '../../db/schema/index.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import * as repo from './repository.js';

// The campaign's audience is planned and stored by the database (repository plannedAudience):
// its address rule in SQL must say what campaignAddressOf in packages/domain says, customer by
// customer and channel by channel, including which WhatsApp numbers fail SPEC §5.

const CUSTOMERS: { userId: string; contactNumber: string | null }[] = [
  { userId: 'telegram-4242', contactNumber: null },
  { userId: 'telegram-', contactNumber: null },
  { userId: 'viber-abc==', contactNumber: '+15550000001' },
  { userId: 'whatsapp-twilio-+15550002001', contactNumber: null },
  { userId: 'whatsapp-twilio-whatsapp:+15550002002', contactNumber: null },
  { userId: 'whatsapp-cloud-api-919800000001', contactNumber: null },
  { userId: 'whatsapp-gallabox-12', contactNumber: '+15550002003' },
  { userId: 'whatsapp-dialog360-15550002004', contactNumber: '15550002004' },
  { userId: 'ada', contactNumber: '+15550002005' },
  { userId: 'bea', contactNumber: '  +15550002006  ' },
  { userId: 'cy', contactNumber: '15550002007' },
  { userId: 'dot', contactNumber: '+1555abc01' },
  { userId: 'eve', contactNumber: '+123' },
  { userId: 'fay', contactNumber: '+1234567890123456' },
  { userId: 'gus', contactNumber: '' },
  { userId: 'hal', contactNumber: '   ' },
  { userId: "o'neil", contactNumber: '+44 20 7946 0000' },
  { userId: 'facebook-7001', contactNumber: '+15550002008' },
];
const CHANNELS = [
  'telegram',
  'viber',
  'facebook',
  'whatsapp-twilio',
  'whatsapp-cloud-api',
  'whatsapp-gallabox',
];

describe.each(testDatabaseKinds())('Campaign addresses in SQL and in the domain agree on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 1 });
  const [tenant] = tenants;

  it('reaches, refuses and leaves out the same customers at the same addresses', async () => {
    const db = t.database.db;
    const rows = await db
      .insert(users)
      .values(CUSTOMERS.map((c) => ({ applicationId: tenant.applicationId, displayName: c.userId, ...c })))
      .returning({ id: users.id, userId: users.userId });
    const idOf = new Map(rows.map((r) => [r.userId, r.id]));
    for (const channel of CHANNELS) {
      const platforms = [{ platform: 'p', channel }];
      for (const customer of CUSTOMERS) {
        const expected = campaignAddressOf(channel, customer);
        const plan = await repo.planAudience(
          db,
          tenant.applicationId,
          { userIds: [customer.userId] },
          platforms,
        );
        const at = `${channel} ${customer.userId}`;
        expect({ at, ...plan }).toMatchObject({
          at,
          matched: 1,
          reachable: expected.ok ? 1 : 0,
          unreachable: !expected.ok && expected.reason === 'unreachable' ? 1 : 0,
          badPhone: !expected.ok && expected.reason === 'phone' ? customer.userId : null,
        });
      }
      const campaign = await repo.insertCampaign(db, {
        applicationId: tenant.applicationId,
        status: 'sending',
        platforms: {},
        createdBy: 'test',
      });
      await repo.insertAudience(db, campaign.id, tenant.applicationId, {}, platforms);
      const stored = await db
        .select({ customerId: campaignRecipients.customerId, address: campaignRecipients.address })
        .from(campaignRecipients)
        .where(eq(campaignRecipients.campaignId, campaign.id));
      const expected = CUSTOMERS.flatMap((c) => {
        const address = campaignAddressOf(channel, c);
        return address.ok ? [{ customerId: idOf.get(c.userId), address: address.address }] : [];
      });
      const byCustomer = (a: { customerId: string | undefined }, b: { customerId: string | undefined }) =>
        String(a.customerId).localeCompare(String(b.customerId));
      expect(stored.sort(byCustomer), channel).toEqual(expected.sort(byCustomer));
    }
  });

  it('takes each customer on the first checked platform that reaches them', async () => {
    const platforms = [
      { platform: 'whatsApp', channel: 'whatsapp-twilio' },
      { platform: 'telegram', channel: 'telegram' },
    ];
    const plan = await repo.planAudience(
      t.database.db,
      tenant.applicationId,
      { userIds: ['telegram-4242', 'ada', 'dot'] },
      platforms,
    );
    // dot's number fails on WhatsApp before Telegram is tried: the send is refused for it.
    expect(plan).toMatchObject({ matched: 3, reachable: 2, unreachable: 0, badPhone: 'dot' });
  });
});
