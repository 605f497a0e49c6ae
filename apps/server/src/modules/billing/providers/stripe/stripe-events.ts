import { PLAN } from '@convo/domain';
import type Stripe from 'stripe';
import { z } from 'zod';
import type { Db } from '../../../../platform/db/database.js';
import type { Entitlements } from '../../entitlements.js';
import * as repo from '../../repository.js';
import { setPlan } from '../../service.js';

// What Stripe's webhook events change: checkout completed → the plan is active; a failed invoice
// payment → one more invoice due (two on a monthly plan suspend it, SPEC §4); a paid invoice →
// nothing due; a portal change → the new plan, seats and period, and the overage add-on's packs; a
// deleted subscription → churned. Each event is applied once, in one transaction.

const checkoutSchema = z.object({
  customer: z.string().nullable(),
  subscription: z.string().nullable(),
  metadata: z.object({
    applicationId: z.string().min(1),
    plan: z.string().min(1),
    period: z.enum(['month', 'year']),
    seats: z.coerce.number().int().min(1),
  }),
});

const invoiceSchema = z.object({
  customer: z.string().nullable().optional(),
  /** Older API versions put the subscription here, newer ones under parent.subscription_details. */
  subscription: z.string().nullable().optional(),
  parent: z
    .object({ subscription_details: z.object({ subscription: z.string().nullable() }).nullable().optional() })
    .nullable()
    .optional(),
  created: z.number().optional(),
});

const subscriptionSchema = z.object({ id: z.string(), customer: z.string().nullable().optional() });

const updatedSubscriptionSchema = subscriptionSchema.extend({
  items: z.object({
    data: z
      .array(z.object({ price: z.object({ id: z.string() }), quantity: z.number().int().min(1).optional() }))
      .min(1),
  }),
});

/** The plan a Stripe price id sells, from the server's own price configuration. */
export type PlanOfPrice = (priceId: string) => { plan: string; period: 'month' | 'year' } | null;
/** The overage add-on id a Stripe price id sells, from the same configuration. */
export type AddonOfPrice = (priceId: string) => string | null;

export type EventOutcome = 'applied' | 'duplicate' | 'ignored';

async function applyInvoice(tx: Db, object: unknown, paid: boolean): Promise<string | null> {
  const invoice = invoiceSchema.parse(object);
  const subscriptionId = invoice.subscription ?? invoice.parent?.subscription_details?.subscription ?? null;
  const current = await repo.findSubscriptionByExternal(tx, {
    subscriptionId,
    customerId: invoice.customer ?? null,
  });
  if (!current) return null;
  const dueSince = invoice.created ? new Date(invoice.created * 1000) : new Date();
  const { updatedAt: _updated, ...values } = current;
  await repo.saveSubscription(tx, {
    ...values,
    dueInvoiceCount: paid ? 0 : current.dueInvoiceCount + 1,
    dueSince: paid ? null : (current.dueSince ?? dueSince),
  });
  return current.applicationId;
}

/** Applies a verified event; the application whose plan changed is forgotten from memory. */
export async function applyStripeEvent(
  db: Db,
  entitlements: Entitlements,
  event: Stripe.Event,
  planOfPrice: PlanOfPrice = () => null,
  addonOfPrice: AddonOfPrice = () => null,
): Promise<EventOutcome> {
  const result = await db.transaction(
    async (tx): Promise<{ outcome: EventOutcome; applicationId: string | null }> => {
      if (!(await repo.recordWebhookEvent(tx, 'stripe', event.id, event.type))) {
        return { outcome: 'duplicate', applicationId: null };
      }
      const object: unknown = event.data.object;
      switch (event.type) {
        case 'checkout.session.completed': {
          const session = checkoutSchema.parse(object);
          await setPlan(tx, {
            applicationId: session.metadata.applicationId,
            plan: session.metadata.plan,
            period: session.metadata.period,
            seats: session.metadata.seats,
            provider: 'stripe',
            external: { customerId: session.customer, subscriptionId: session.subscription },
          });
          return { outcome: 'applied', applicationId: session.metadata.applicationId };
        }
        case 'invoice.payment_failed':
          return { outcome: 'applied', applicationId: await applyInvoice(tx, object, false) };
        case 'invoice.paid':
          return { outcome: 'applied', applicationId: await applyInvoice(tx, object, true) };
        case 'customer.subscription.updated': {
          // A change made in the customer portal (plan, seats, period) or to the overage add-on's
          // item: Stripe has already billed it, so it is recorded as is. The plan's item is the
          // one whose price is not an add-on's; an unknown price keeps the plan and takes the
          // seats. No add-on item: no packs.
          const sub = updatedSubscriptionSchema.parse(object);
          const current = await repo.findSubscriptionByExternal(tx, { subscriptionId: sub.id });
          if (!current) return { outcome: 'ignored', applicationId: null };
          const addonItems = sub.items.data.filter((i) => addonOfPrice(i.price.id) !== null);
          const item = sub.items.data.find((i) => addonOfPrice(i.price.id) === null);
          const sold = item ? planOfPrice(item.price.id) : null;
          const { updatedAt: _updated, ...values } = current;
          await repo.saveSubscription(tx, {
            ...values,
            plan: sold?.plan ?? current.plan,
            billingPeriodUnit: sold?.period ?? current.billingPeriodUnit,
            seats: item?.quantity ?? current.seats,
            addonPacks: addonItems.reduce((packs, i) => packs + (i.quantity ?? 1), 0),
          });
          return { outcome: 'applied', applicationId: current.applicationId };
        }
        case 'customer.subscription.deleted': {
          const sub = subscriptionSchema.parse(object);
          const current = await repo.findSubscriptionByExternal(tx, { subscriptionId: sub.id });
          if (!current) return { outcome: 'ignored', applicationId: null };
          const { updatedAt: _updated, ...values } = current;
          await repo.saveSubscription(tx, {
            ...values,
            plan: PLAN.CHURN,
            dueInvoiceCount: 0,
            dueSince: null,
          });
          return { outcome: 'applied', applicationId: current.applicationId };
        }
        default:
          return { outcome: 'ignored', applicationId: null };
      }
    },
  );
  if (result.applicationId) entitlements.invalidate(result.applicationId);
  return result.outcome;
}
