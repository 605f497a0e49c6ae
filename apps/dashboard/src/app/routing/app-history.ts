// The browser history the app's router runs on. react-router's declarative router is half the
// bytes of its data router (createBrowserRouter: loaders, actions, fetchers, revalidation, none of
// which the dashboard uses; issue 39 item 2), but only the data router can block a navigation.
// The `history` package blocks (a link, navigate(), the back button, a reload) on the history
// itself, so the router here is react-router's HistoryRouter over it, through the adapter below.

import { Action, type BrowserHistory, createBrowserHistory, createPath, parsePath } from 'history';
import { createContext, useContext } from 'react';
import { type Location, NavigationType, type Path, type To } from 'react-router';

/** What react-router's HistoryRouter calls on its history (its `History` interface). */
export interface RouterHistory {
  readonly action: NavigationType;
  readonly location: Location;
  createHref(to: To): string;
  createURL(to: To): URL;
  encodeLocation(to: To): Path;
  push(to: To, state?: unknown): void;
  replace(to: To, state?: unknown): void;
  go(delta: number): void;
  listen(
    listener: (update: { action: NavigationType; location: Location; delta: number | null }) => void,
  ): () => void;
}

function navigationType(action: Action): NavigationType {
  switch (action) {
    case Action.Push:
      return NavigationType.Push;
    case Action.Replace:
      return NavigationType.Replace;
    default:
      return NavigationType.Pop;
  }
}

const toPath = (to: To): string => (typeof to === 'string' ? to : createPath(to));

/** react-router's view of a `history` browser history (same object underneath). */
export function routerHistoryOf(history: BrowserHistory): RouterHistory {
  const url = (to: To) => new URL(history.createHref(to), window.location.origin);
  return {
    get action() {
      return navigationType(history.action);
    },
    get location() {
      return history.location;
    },
    createHref: (to) => history.createHref(to),
    createURL: url,
    encodeLocation(to) {
      // Parsed once: where it resolves, and whether it has a search and a hash of its own.
      const given = typeof to === 'string' ? parsePath(to) : to;
      const { pathname, search, hash } = url(given);
      return { pathname, search: given.search ? search : '', hash: given.hash ? hash : '' };
    },
    push: (to, state) => history.push(toPath(to), state),
    replace: (to, state) => history.replace(toPath(to), state),
    go: (delta) => history.go(delta),
    listen: (listener) =>
      history.listen(({ action, location }) =>
        listener({ action: navigationType(action), location, delta: null }),
      ),
  };
}

let appHistory: BrowserHistory | null = null;

/**
 * The app's history, made on first use rather than when this module runs: it reads the URL when
 * made, and the sign-in app (app/sign-in/sign-in-app.tsx) may change the URL before the router
 * first renders.
 */
export function browserHistory(): BrowserHistory {
  appHistory ??= createBrowserHistory();
  return appHistory;
}

/** The history that navigations can be blocked on; null under a test's MemoryRouter. */
export const BlockableHistoryContext = createContext<BrowserHistory | null>(null);

export const useBlockableHistory = (): BrowserHistory | null => useContext(BlockableHistoryContext);
