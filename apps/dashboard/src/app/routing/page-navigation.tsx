// The sign-in page's navigation, apart from react-router: a cold /loginv2 renders it without the
// router (issue 39: the router is ~28 KB of the sign-in page's 120 KB budget, see
// app/sign-in/sign-in-app.tsx); inside the signed-in app the router provides it (router.tsx).

import { Anchor, type AnchorProps } from '@mantine/core';
import { createContext, type MouseEvent, type ReactNode, useContext, useEffect } from 'react';

export interface PageNavigation {
  /** The current location's query string, '?…' or ''. */
  search: string;
  navigate(to: string, options?: { replace?: boolean }): void;
}

const PageNavigationContext = createContext<PageNavigation | null>(null);

export const PageNavigationProvider = PageNavigationContext.Provider;

export function usePageNavigation(): PageNavigation {
  const navigation = useContext(PageNavigationContext);
  if (navigation === null) throw new Error('usePageNavigation outside a PageNavigationProvider');
  return navigation;
}

/** A link within the dashboard: a plain click navigates in place, a modified one opens as usual. */
export function PageLink({ to, children, ...props }: AnchorProps & { to: string; children: ReactNode }) {
  const { navigate } = usePageNavigation();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <Anchor href={to} onClick={onClick} {...props}>
      {children}
    </Anchor>
  );
}

/** Replaces the location once rendered (react-router's <Navigate replace />). */
export function NavigateAway({ to }: { to: string }) {
  const { navigate } = usePageNavigation();
  useEffect(() => navigate(to, { replace: true }), [navigate, to]);
  return null;
}
