// Ceilings on what an LLM bot may spend (issue 32 item 3): how many replies it may ask of its
// provider per visitor, per client address and per application, each per hour and per day. Past
// one, the bot answers its fallback without calling the provider.

import { PLAN, type TrialStatus } from './billing';
import { type PlanLevel, planLevel, TOP_PLAN_LEVEL } from './billing-pricing';

export const LLM_CAP_SCOPES = ['visitor', 'address', 'application'] as const;
export type LlmCapScope = (typeof LLM_CAP_SCOPES)[number];
export const LLM_CAP_WINDOWS = ['hour', 'day'] as const;
export type LlmCapWindow = (typeof LLM_CAP_WINDOWS)[number];

export const LLM_CAP_WINDOW_MS: Readonly<Record<LlmCapWindow, number>> = {
  hour: 3_600_000,
  day: 86_400_000,
};

/** The six ceilings, named as the bot's `llmCaps` setting names them. */
export interface LlmCaps {
  visitorPerHour: number;
  visitorPerDay: number;
  addressPerHour: number;
  addressPerDay: number;
  applicationPerHour: number;
  applicationPerDay: number;
}
export type LlmCapField = keyof LlmCaps;

/** The largest ceiling a bot may set (a value that means "as many as the plan allows"). */
export const MAX_LLM_CAP = 1_000_000;

/**
 * A support conversation is a few questions: 30 replies an hour is one every two minutes for a
 * whole hour; an address (an office, a family) gets twice that. The application's defaults are those
 * of a self-hosted install without billing; with billing the plan's apply (PLAN_LLM_CAPS).
 */
export const DEFAULT_LLM_CAPS: Readonly<LlmCaps> = {
  visitorPerHour: 30,
  visitorPerDay: 100,
  addressPerHour: 60,
  addressPerDay: 300,
  applicationPerHour: 2_000,
  applicationPerDay: 20_000,
};

export interface ApplicationLlmCaps {
  perHour: number;
  perDay: number;
}

/**
 * The application's ceiling by plan level when billing is on. Free (level 0) has no LLM bots
 * (SPEC §6 `llmBots` is level 1) but an expired plan may still hold one: it gets a trickle.
 */
export const PLAN_LLM_CAPS: Readonly<Record<PlanLevel, ApplicationLlmCaps>> = {
  0: { perHour: 20, perDay: 100 },
  1: { perHour: 300, perDay: 2_000 },
  2: { perHour: 1_000, perDay: 8_000 },
  3: { perHour: 3_000, perDay: 25_000 },
};

/**
 * The application's ceilings for its subscription, read as feature access reads it (SPEC §6): a
 * running trial, the ecommerce plan and a missing plan or version count as the top level; a plan
 * that ended counts as free.
 */
export function planLlmCaps(sub: {
  plan: string | null | undefined;
  pricingVersion: number | null | undefined;
  trial: TrialStatus;
  ended: boolean;
}): ApplicationLlmCaps {
  if (sub.ended) return PLAN_LLM_CAPS[0];
  if (sub.trial === 'active' || sub.plan === PLAN.ECOMMERCE || !sub.plan || sub.pricingVersion == null)
    return PLAN_LLM_CAPS[TOP_PLAN_LEVEL];
  return PLAN_LLM_CAPS[planLevel(sub.pricingVersion, sub.plan)];
}

/** One ceiling as the runtime checks it. */
export interface LlmCap {
  scope: LlmCapScope;
  window: LlmCapWindow;
  max: number;
}

/** `visitor-hour`, `application-day`…: what a capped answer records and the admin reads. */
export type LlmCapName = `${LlmCapScope}-${LlmCapWindow}`;
export const llmCapName = (cap: Pick<LlmCap, 'scope' | 'window'>): LlmCapName => `${cap.scope}-${cap.window}`;

const FIELDS: readonly { field: LlmCapField; scope: LlmCapScope; window: LlmCapWindow }[] = [
  { field: 'visitorPerHour', scope: 'visitor', window: 'hour' },
  { field: 'visitorPerDay', scope: 'visitor', window: 'day' },
  { field: 'addressPerHour', scope: 'address', window: 'hour' },
  { field: 'addressPerDay', scope: 'address', window: 'day' },
  { field: 'applicationPerHour', scope: 'application', window: 'hour' },
  { field: 'applicationPerDay', scope: 'application', window: 'day' },
];
export const LLM_CAP_FIELDS: readonly LlmCapField[] = FIELDS.map((f) => f.field);

const ceiling = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_LLM_CAP
    ? value
    : undefined;

/**
 * The ceilings that hold for a bot: its own setting where it gives one, else the default. The
 * application's are bounded by the plan when billing is on (`plan`): a bot may set them lower,
 * never higher than the plan pays for. Visitor and address ceilings are the bot's to choose.
 */
export function effectiveLlmCaps(setting: unknown, plan: ApplicationLlmCaps | null): LlmCaps {
  const own = (setting && typeof setting === 'object' ? setting : {}) as Partial<
    Record<LlmCapField, unknown>
  >;
  const appHour = plan?.perHour ?? DEFAULT_LLM_CAPS.applicationPerHour;
  const appDay = plan?.perDay ?? DEFAULT_LLM_CAPS.applicationPerDay;
  const bounded = (value: number | undefined, bound: number) =>
    value === undefined ? bound : plan ? Math.min(value, bound) : value;
  return {
    visitorPerHour: ceiling(own.visitorPerHour) ?? DEFAULT_LLM_CAPS.visitorPerHour,
    visitorPerDay: ceiling(own.visitorPerDay) ?? DEFAULT_LLM_CAPS.visitorPerDay,
    addressPerHour: ceiling(own.addressPerHour) ?? DEFAULT_LLM_CAPS.addressPerHour,
    addressPerDay: ceiling(own.addressPerDay) ?? DEFAULT_LLM_CAPS.addressPerDay,
    applicationPerHour: bounded(ceiling(own.applicationPerHour), appHour),
    applicationPerDay: bounded(ceiling(own.applicationPerDay), appDay),
  };
}

/**
 * The ceilings in the order they are counted: the narrowest first, so a flood refused on a
 * visitor's ceiling does not use up the address's or the application's (everyone else's).
 * Scopes the reply cannot be tied to (no known address) are left out.
 */
export function llmCapList(caps: LlmCaps, known: { visitor: boolean; address: boolean }): LlmCap[] {
  return FIELDS.filter((f) => f.scope === 'application' || known[f.scope]).map((f) => ({
    scope: f.scope,
    window: f.window,
    max: caps[f.field],
  }));
}
