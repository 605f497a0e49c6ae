// What the live preview draws, from the customization being edited. A colour still being typed
// ('#12') is not a colour yet: the preview keeps the last valid one instead of going blank.

import type { ChatWidgetSettings, LAUNCHER_ICONS } from '@convo/api';

export type LauncherIcon = (typeof LAUNCHER_ICONS)[number];
type Customization = ChatWidgetSettings['customization'];

export interface PreviewModel {
  primary: string;
  secondary: string;
  side: 'left' | 'right';
  icon: LauncherIcon;
  title: string;
  subtitle: string;
  showAvatars: boolean;
}

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

export function previewColour(value: string, fallback: string): string {
  const trimmed = value.trim();
  return HEX.test(trimmed) ? trimmed.toLowerCase() : fallback;
}

export function previewModel(draft: Customization, saved: Customization): PreviewModel {
  return {
    primary: previewColour(draft.primaryColor, saved.primaryColor),
    secondary: previewColour(draft.secondaryColor, saved.secondaryColor),
    side: draft.position,
    icon: draft.launcherIcon,
    // An empty title would collapse the header; the saved one stands in while typing.
    title: draft.title.trim() || saved.title,
    subtitle: draft.subtitle.trim(),
    showAvatars: draft.showAgentAvatars,
  };
}

/** Up to two initials of a display name, for the avatar circles. */
export function initials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');
}

/** '#ABC' → '#aabbcc'; six digits lower-cased; anything else as typed (validation names it). */
export function normaliseHex(value: string): string {
  const trimmed = value.trim().toLowerCase();
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(trimmed);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`;
  return trimmed;
}
