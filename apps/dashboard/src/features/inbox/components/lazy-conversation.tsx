import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPage } from '../../../app/routing/lazy-page';
import { SectionLoader } from '../../../components/page-loader';
import type { OpenConversationProps } from './open-conversation';

// The pages' loader: a chunk removed by a new release shows the newer-version notice (the pane and
// the side panel in their place, the drawer and the help as a toast alone), not the route's error
// screen. Their stylesheets are the inbox page's (mantine-pages.ts), already in.
const load = () => import('./open-conversation');
const Pane = lazyPage(() => load().then((m) => m.OpenConversation), { landingStylesOnly: true });
const Panel = lazyPage(() => load().then((m) => m.SidePanel), { landingStylesOnly: true });
const Details = lazyPage(() => load().then((m) => m.DetailsDrawer), {
  landingStylesOnly: true,
  overPage: true,
});
const Shortcuts = lazyPage(() => import('./shortcuts-help').then((m) => m.ShortcutsHelp), {
  landingStylesOnly: true,
  overPage: true,
});

/** Starts loading the open conversation's code (the list pointed at or focused, a row opened). */
export function preloadOpenConversation(): void {
  // Each part's loader, so that all three render at once when mounted after it.
  void Pane.preload();
  void Panel.preload();
  void Details.preload();
}

function Loading() {
  const { t } = useTranslation('inbox');
  return <SectionLoader fill label={t('loading')} />;
}

export function LazyConversationPane(props: OpenConversationProps) {
  return (
    <Suspense fallback={<Loading />}>
      <Pane {...props} />
    </Suspense>
  );
}

export function LazySidePanel({ groupId }: { groupId: number }) {
  return (
    <Suspense fallback={<Loading />}>
      <Panel groupId={groupId} />
    </Suspense>
  );
}

export function LazyDetailsDrawer(props: { groupId: number; opened: boolean; onClose: () => void }) {
  // Nothing to show while it loads: the drawer is closed until the agent asks for the details.
  return (
    <Suspense fallback={null}>
      <Details {...props} />
    </Suspense>
  );
}

export function LazyShortcutsHelp({ onClose }: { onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <Shortcuts onClose={onClose} />
    </Suspense>
  );
}
