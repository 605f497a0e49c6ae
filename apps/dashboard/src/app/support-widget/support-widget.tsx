// Loads our own widget loader in the dashboard, pointed at the operator's support application,
// and takes it away again when the rule of SPEC §6 no longer holds (sign-out, excluded page).

import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { joinUrl } from '../api/api-error';
import { useConfig } from '../config/config-store';
import { useSession } from '../session/session-store';
import { SCRIPT_ID, unloadSupportWidget } from './support-widget-script';
import { type SupportWidgetSettings, supportWidgetSettings } from './support-widget-settings';

const LOADER_PATH = '/widget/loader.js';

export function SupportWidget() {
  const { supportAppId, apiBaseUrl } = useConfig();
  const session = useSession();
  const { pathname } = useLocation();
  const settings = supportWidgetSettings(session, supportAppId, pathname);
  // One key per identity: a different user (or application) reloads the widget for that user.
  const key = settings === null ? null : JSON.stringify(settings);

  useEffect(() => {
    if (key === null) return;
    window.convoSettings = JSON.parse(key) as SupportWidgetSettings;
    const script = document.createElement('script');
    script.id = SCRIPT_ID;
    script.async = true;
    script.src = joinUrl(apiBaseUrl, LOADER_PATH);
    document.body.appendChild(script);
    return unloadSupportWidget;
  }, [key, apiBaseUrl]);

  return null;
}
