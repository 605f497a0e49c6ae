import type { Invoice } from '@convo/api';
import { overageAddonOfId } from '@convo/domain';
import Stripe from 'stripe';
import type { AddonSales, PaymentProvider } from '../../provider.js';

// Stripe through its official package: Checkout for new subscriptions, invoices for the billing
// screen, and webhook events verified by their Stripe-Signature. STRIPE_API_BASE points the client
// at another host (the local fake in tests).

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  apiBase: string | undefined;
  /**
   * Price ids by 'plan:period' and by overage add-on id, from the server's configuration: prices
   * never come from a browser.
   */
  prices: Record<string, string>;
}

export interface CheckoutInput {
  applicationId: string;
  plan: string;
  period: 'month' | 'year';
  seats: number;
  customerId: string | null;
  successUrl: string;
  cancelUrl: string;
}

export interface StripeProvider extends PaymentProvider {
  readonly name: 'stripe';
  /** A Checkout Session for a new subscription; answers the page to send the member to. */
  checkout(input: CheckoutInput): Promise<string>;
  /** A customer-portal session (card update, cancel, plan change); answers the page to send the member to. */
  portal(customerId: string, returnUrl: string): Promise<string>;
  /** The plan and period a configured price id sells; null for a price this server does not know. */
  planOfPrice(priceId: string): { plan: string; period: 'month' | 'year' } | null;
  /** The event of a webhook delivery, if its signature is Stripe's; throws otherwise. */
  verifiedEvent(rawBody: string, signature: string): Stripe.Event;
  /** Which invoices belong to which customer: set once the subscription exists. */
  customerOf(applicationId: string): Promise<string | null>;
  /** The overage add-on id a configured price id sells; null for any other price. */
  addonOfPrice(priceId: string): string | null;
  readonly addons: AddonSales;
}

export class UnknownPriceError extends Error {}

function clientOptions(apiBase: string | undefined): Stripe.StripeConfig {
  if (!apiBase) return { maxNetworkRetries: 1 };
  const url = new URL(apiBase);
  return {
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
    maxNetworkRetries: 0,
  };
}

const INVOICE_STATUSES = ['paid', 'open', 'void', 'uncollectible', 'draft'] as const;

export function createStripeProvider(
  settings: StripeSettings,
  customerOf: (applicationId: string) => Promise<string | null>,
): StripeProvider {
  const stripe = new Stripe(settings.secretKey, clientOptions(settings.apiBase));
  const planKeys = Object.keys(settings.prices).filter((key) => overageAddonOfId(key) === null);
  const addonPrice = (addonId: string) =>
    overageAddonOfId(addonId) === null ? undefined : settings.prices[addonId];
  return {
    name: 'stripe',
    offers: planKeys.map((key) => {
      const [plan = '', period] = key.split(':');
      return { plan, period: period === 'year' ? ('year' as const) : ('month' as const) };
    }),
    customerOf,
    async checkout(input) {
      const price = settings.prices[`${input.plan}:${input.period}`];
      if (!price) throw new UnknownPriceError(`the ${input.plan} plan is not sold ${input.period}ly here`);
      const metadata = {
        applicationId: input.applicationId,
        plan: input.plan,
        period: input.period,
        seats: String(input.seats),
      };
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price, quantity: input.seats }],
        client_reference_id: input.applicationId,
        ...(input.customerId ? { customer: input.customerId } : {}),
        metadata,
        subscription_data: { metadata },
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      });
      if (!session.url) throw new Error('Stripe answered a Checkout Session without a URL');
      return session.url;
    },
    async portal(customerId, returnUrl) {
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return session.url;
    },
    planOfPrice(priceId) {
      const key = planKeys.find((k) => settings.prices[k] === priceId);
      if (!key) return null;
      const [plan = '', period] = key.split(':');
      return { plan, period: period === 'year' ? 'year' : 'month' };
    },
    addonOfPrice(priceId) {
      return (
        Object.keys(settings.prices).find(
          (k) => overageAddonOfId(k) !== null && settings.prices[k] === priceId,
        ) ?? null
      );
    },
    addons: {
      sells: (addonId) => addonPrice(addonId) !== undefined,
      // One subscription item per add-on, its quantity the packs; Stripe prorates the change.
      async setPacks({ subscriptionId, addonId, packs }) {
        const price = addonPrice(addonId);
        if (!price) throw new UnknownPriceError(`the ${addonId} add-on is not sold here`);
        const subscription = await stripe.subscriptions.retrieve(subscriptionId);
        const item = subscription.items.data.find((i) => i.price.id === price);
        if (packs === 0) {
          if (item) await stripe.subscriptionItems.del(item.id, { proration_behavior: 'create_prorations' });
          return;
        }
        if (item) {
          await stripe.subscriptionItems.update(item.id, {
            quantity: packs,
            proration_behavior: 'create_prorations',
          });
        } else {
          await stripe.subscriptionItems.create({
            subscription: subscriptionId,
            price,
            quantity: packs,
            proration_behavior: 'create_prorations',
          });
        }
      },
    },
    verifiedEvent(rawBody, signature) {
      return stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
    },
    async listInvoices(applicationId) {
      const customer = await customerOf(applicationId);
      if (!customer) return [];
      const list = await stripe.invoices.list({ customer, limit: 24 });
      return list.data.map(
        (i): Invoice => ({
          id: i.id ?? '',
          number: i.number ?? i.id ?? '',
          issuedAt: i.created * 1000,
          amount: i.amount_due,
          currency: i.currency,
          status: INVOICE_STATUSES.find((s) => s === i.status) ?? 'open',
          url: i.hosted_invoice_url ?? null,
        }),
      );
    },
  };
}
