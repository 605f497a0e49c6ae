// Route-level code splitting. A chunk that fails (or takes over CHUNK_LOAD_TIMEOUT_MS) usually
// means a new release replaced the files: the user gets an info toast asking to refresh.

import { CHUNK_LOAD_TIMEOUT_MS } from '@convo/domain';
import { Button, Center, Stack, Text } from '@mantine/core';
import { type ComponentType, createElement, type FunctionComponent, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18next } from '../../i18n/i18n';
import { reportError } from '../errors/error-reporting';
import { toast } from '../toasts';
import { asChunkError, chunkFailureKind, withTimeout } from './chunk-errors';

export function notifyNewerVersion(): void {
  toast.info(i18next.t('messages.newVersionAvailable'), { id: 'newer-version' });
}

function ChunkLoadFailed() {
  const { t } = useTranslation();
  return (
    <Center mih="50vh" p="md">
      <Stack align="center">
        <Text>{t('messages.newVersionAvailable')}</Text>
        <Button onClick={() => window.location.reload()}>{t('common.refresh')}</Button>
      </Stack>
    </Center>
  );
}

const Nothing = () => null;

/** A page loaded on first render; `preload` fetches its chunk ahead (the landing page's, at boot). */
export type LazyPage<P extends object> = FunctionComponent<P> & {
  /** Starts loading the chunk; resolves once it is in (or failed: the render then says so). */
  preload(): Promise<void>;
};

/** Mantine's stylesheets of the pages' components beyond the sign-in page's (styles/mantine-boot.ts). */
const loadLandingStyles = () => import('../styles/mantine-pages');
/** ...and of the components no signed-in landing page shows. */
const loadPageStyles = () => Promise.all([loadLandingStyles(), import('../styles/mantine-more')]);

interface LazyPageOptions {
  /** The page needs only the boot's stylesheets (the sign-in page: it stays small, issue 39). */
  bootStylesOnly?: boolean;
  /** A signed-in landing page (the shell, /dashboard, /conversations): not mantine-more.ts. */
  landingStylesOnly?: boolean;
  /** Drawn over the page (a drawer, a dialog): a failure shows the toast alone, nothing in place. */
  overPage?: boolean;
}

/**
 * A chunk loaded once, failing after CHUNK_LOAD_TIMEOUT_MS. A failure is forgotten: the next call
 * tries again rather than keep a failure that a retry may not repeat. `loaded()`: the module once
 * in, for a render that must not wait for it.
 */
export function loadOnce<T>(load: () => Promise<T>): { load: () => Promise<T>; loaded: () => T | null } {
  let loaded: T | null = null;
  let loading: Promise<T> | null = null;
  return {
    load: () => {
      loading ??= withTimeout(load(), CHUNK_LOAD_TIMEOUT_MS).then(
        (module) => {
          loaded = module;
          return module;
        },
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
    loaded: () => loaded,
  };
}

/** A chunk failed or timed out: logged, reported, and the user asked to refresh (a new release, usually). */
export function chunkFailed(error: unknown): void {
  console.error('Chunk load failed', error);
  reportError(asChunkError(error), chunkFailureKind(error));
  notifyNewerVersion();
}

/** React.lazy for a page with a named export; failure shows the newer-version notice, not a crash. */
export function lazyPage<P extends object>(
  loadPage: () => Promise<ComponentType<P>>,
  options: LazyPageOptions = {},
): LazyPage<P> {
  const styles = options.landingStylesOnly ? loadLandingStyles : loadPageStyles;
  // Once the chunk is in, a page mounted from then on renders at once: React.lazy would suspend
  // it for a tick even then, and React holds back a reveal after a fallback (some 300 ms), which a
  // cold /dashboard paid twice, for the signed-in container and for its page nested in it.
  const chunk = loadOnce(
    options.bootStylesOnly ? loadPage : () => Promise.all([styles(), loadPage()]).then(([, page]) => page),
  );
  const Lazy = lazy(async () => {
    try {
      return { default: await chunk.load() };
    } catch (error) {
      chunkFailed(error);
      return { default: (options.overPage ? Nothing : ChunkLoadFailed) as ComponentType<P> };
    }
  });
  // One component per page, made once where the page is declared (pages.ts, signed-in-page.ts), never in a render.
  // biome-ignore lint/correctness/noComponentHookFactories: see above.
  function Page(props: P) {
    // Decided when mounted: switching to the loaded component later would remount the page.
    const [direct] = useState(chunk.loaded);
    return direct === null ? createElement(Lazy, props) : createElement(direct, props);
  }
  return Object.assign(Page, {
    preload: () =>
      chunk.load().then(
        () => undefined,
        () => undefined,
      ),
  });
}
