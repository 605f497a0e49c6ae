import type { Session } from '@convo/api';
import {
  SETTINGS_GROUPS,
  type SettingsGroup,
  type SettingsPage,
  settingsPath,
} from '../../app/routing/settings-paths';
import { canOpen } from '../../app/routing/use-landing';

export interface SettingsMenuGroup {
  group: SettingsGroup;
  pages: SettingsPage[];
}

/** The settings pages this session may open, by group, in menu order; empty groups left out. */
export function settingsMenu(session: Session, pages: readonly SettingsPage[]): SettingsMenuGroup[] {
  return SETTINGS_GROUPS.map((group) => ({
    group,
    pages: pages.filter(
      (p) =>
        p.group === group &&
        !p.hiddenFromMenu &&
        !p.hiddenFromMenuIn?.includes(session.product) &&
        canOpen(session, settingsPath(p.slug)),
    ),
  })).filter((g) => g.pages.length > 0);
}

/** Where "Settings" in the main navigation goes: the first page the session may open, if any. */
export function firstSettingsPath(session: Session, pages: readonly SettingsPage[]): string | null {
  const first = settingsMenu(session, pages)[0]?.pages[0];
  return first ? settingsPath(first.slug) : null;
}
