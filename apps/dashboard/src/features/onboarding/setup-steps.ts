import { WIDGET_PUBLIC_PATHS } from '@convo/api';
import { ONBOARDING_STATE, type OnboardingState, SETUP_GUIDE_STEPS } from '@convo/domain';
import { PATHS } from '../../app/routing/paths';
import { settingsPath } from '../../app/routing/settings-paths';

// What the setup guide shows for each step: its translation key and where the step is done.

export type SetupStepKey =
  | 'profile'
  | 'install'
  | 'customize'
  | 'welcomeMessage'
  | 'greeting'
  | 'invite'
  | 'bot'
  | 'assignment'
  | 'quickReply'
  | 'reply'
  | 'resolve';

export interface SetupStep {
  state: OnboardingState;
  key: SetupStepKey;
  /** The screen where the user does it. */
  to: string;
}

const STEP_DETAILS: Partial<Record<OnboardingState, Omit<SetupStep, 'state'>>> = {
  [ONBOARDING_STATE.PROFILE_UPDATED]: { key: 'profile', to: settingsPath('profile') },
  [ONBOARDING_STATE.SCRIPT_INSTALLED]: { key: 'install', to: settingsPath('install') },
  [ONBOARDING_STATE.WIDGET_CUSTOMIZED]: { key: 'customize', to: settingsPath('chat-widget-customization') },
  [ONBOARDING_STATE.WELCOME_MESSAGE_CREATED]: { key: 'welcomeMessage', to: settingsPath('welcome-message') },
  [ONBOARDING_STATE.GREETING_MESSAGE]: { key: 'greeting', to: settingsPath('greeting-message') },
  [ONBOARDING_STATE.TEAM_INVITATION_SENT]: { key: 'invite', to: settingsPath('team') },
  [ONBOARDING_STATE.BOT_CREATED]: { key: 'bot', to: PATHS.manageBots },
  [ONBOARDING_STATE.CONVERSATION_ASSIGNMENT]: { key: 'assignment', to: settingsPath('conversation-rules') },
  [ONBOARDING_STATE.QUICK_REPLY]: { key: 'quickReply', to: settingsPath('quick-replies') },
  [ONBOARDING_STATE.SEND_REPLY]: { key: 'reply', to: PATHS.conversations },
  [ONBOARDING_STATE.RESOLVE_FIRST_CONVERSATION]: { key: 'resolve', to: PATHS.conversations },
};

/** The guide's steps in order, each with where it is done. */
export function setupSteps(): SetupStep[] {
  return SETUP_GUIDE_STEPS.flatMap((state) => {
    const details = STEP_DETAILS[state];
    return details ? [{ state, ...details }] : [];
  });
}

/** The install step's test page: the demo store carrying this application's widget. */
export function testPageUrl(applicationId: string): string {
  return `${WIDGET_PUBLIC_PATHS.demo}?appId=${encodeURIComponent(applicationId)}`;
}
