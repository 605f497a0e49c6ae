import { isIP } from 'node:net';
import {
  type ApplicationLlmCaps,
  effectiveLlmCaps,
  LLM_CAP_WINDOW_MS,
  type LlmCap,
  llmCapList,
} from '@convo/domain';
import type { LimitStore } from '../../../http/limit-store.js';

// The LLM spend ceilings at the runtime (issue 32 item 3): before an LLM engine is asked for a
// reply, the reply is counted on the visitor's, the address's and the application's hourly and
// daily counters (the shared limit store: Redis when configured, so every worker counts together).
// One reply counts once, whatever number of provider requests its tool steps take.

export interface LlmCapGuardDeps {
  limits: LimitStore;
  /** The application's ceilings from its plan when billing is on; null without billing. */
  planCaps: (applicationId: string) => Promise<ApplicationLlmCaps | null>;
}

export interface LlmCallRequest {
  applicationId: string;
  /** The bot's settings (its `llmCaps` override). */
  settings: Record<string, unknown>;
  /** The customer whose message is answered. */
  visitorId: string | null;
  /** The client address the message came from (addressKey), when it came through the API. */
  address: string | null;
}

export interface LlmCapGuard {
  /** Counts one LLM reply; answers the ceiling it would pass (then nothing may call the provider). */
  charge(request: LlmCallRequest): Promise<LlmCap | null>;
}

export function createLlmCapGuard(deps: LlmCapGuardDeps): LlmCapGuard {
  return {
    async charge({ applicationId, settings, visitorId, address }) {
      const caps = effectiveLlmCaps(settings.llmCaps, await deps.planCaps(applicationId));
      const who = { visitor: visitorId, address, application: '' };
      for (const cap of llmCapList(caps, { visitor: visitorId !== null, address: address !== null })) {
        const key = `llm:${cap.scope}-${cap.window}:${applicationId}:${who[cap.scope] ?? ''}`;
        const { count } = await deps.limits.hit(key, LLM_CAP_WINDOW_MS[cap.window]);
        if (count > cap.max) return cap;
      }
      return null;
    },
  };
}

/**
 * The address as the caps count it: an IPv6 client is counted by its /64 (one subscriber's
 * network hands out many addresses within it), IPv4 (and IPv4-mapped IPv6) as it is.
 */
export function addressKey(ip: string | undefined): string | null {
  if (!ip) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const kind = isIP(ip);
  if (kind === 4) return ip;
  if (kind !== 6) return null;
  return `${expandIpv6(ip).slice(0, 4).join(':')}::/64`;
}

function expandIpv6(ip: string): string[] {
  const [head, tail] = ip.split('%')[0]!.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right].map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''));
}
