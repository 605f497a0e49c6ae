import type { Session } from '@convo/api';
import { canAccessPath, DEFAULT_LANDING, PRODUCT_VARIANT, type ProductVariant } from '@convo/domain';
import { useConfig } from '../config/config-store';
import { useSession } from '../session/session-store';
import { landingPath } from './default-view';
import { BUILT_AUTHENTICATED_ROUTES, PATHS } from './paths';

export function canOpen(session: Session | null, path: string): boolean {
  if (session === null) return false;
  return canAccessPath(path, session.roleType, session.appSettings.companySetting, session.product);
}

/** The default landing page of this session: the variant's landing, else its first accessible built route. */
export function landingForSession(session: Session | null, variant: ProductVariant): string {
  if (session === null) return PATHS.login;
  return landingPath({
    // An agent-product company is agentic whatever the server's variant: it lands on its AI agents.
    preferred: DEFAULT_LANDING[variant === 'agentic' ? variant : PRODUCT_VARIANT[session.product]],
    built: BUILT_AUTHENTICATED_ROUTES,
    canAccess: (path) => canOpen(session, path),
  });
}

export function useLandingPath(): string {
  const session = useSession();
  const { variant } = useConfig();
  return landingForSession(session, variant);
}
