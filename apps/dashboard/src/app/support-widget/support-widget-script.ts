// Apart from support-widget.tsx (which follows the router's location): logout removes the widget,
// and logout is wired at boot, where react-router is not loaded (issue 39).

import type { SupportWidgetSettings } from './support-widget-settings';

export const SCRIPT_ID = 'convo-support-widget';

declare global {
  interface Window {
    /** Read by the widget loader when it starts. */
    convoSettings?: SupportWidgetSettings | undefined;
    /** Set by the widget loader (apps/widget/src/loader/core.ts); only logout is used here. */
    Convo?: { logout(): void } | undefined;
  }
}

/** Ends the widget's session (SPEC §4 logout) and removes it from the page. */
export function unloadSupportWidget(): void {
  const script = document.getElementById(SCRIPT_ID);
  if (script === null) return;
  window.Convo?.logout();
  script.remove();
  window.convoSettings = undefined;
}
