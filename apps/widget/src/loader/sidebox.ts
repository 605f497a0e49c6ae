// /widget/sidebox.js: the legacy sidebox variant; the page calls Convo.sidebox({ appId }) itself.
import type { WidgetOptions } from '../shared/protocol';
import { type ConvoApi, start } from './core';

(window as { Convo?: Partial<ConvoApi> }).Convo = {
  ...window.Convo,
  sidebox: (options: WidgetOptions) => start({ ...window.convoSettings, ...options }, { agentic: false }),
};
