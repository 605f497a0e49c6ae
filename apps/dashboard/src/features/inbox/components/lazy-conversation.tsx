import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionLoader } from '../../../components/page-loader';
import type { OpenConversationProps } from './open-conversation';

const load = () => import('./open-conversation');
const Pane = lazy(() => load().then((m) => ({ default: m.OpenConversation })));
const Panel = lazy(() => load().then((m) => ({ default: m.SidePanel })));
const Details = lazy(() => load().then((m) => ({ default: m.DetailsDrawer })));
const Shortcuts = lazy(() => import('./shortcuts-help').then((m) => ({ default: m.ShortcutsHelp })));

/** Starts loading the open conversation's code (the list pointed at or focused, a row opened). */
export function preloadOpenConversation(): void {
  void load();
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
