import { MESSAGE_CONTENT_TYPE } from '../messaging';

// The automation connector's "new message" trigger (issue 38 item 4): which stored lines are
// messages someone wrote. Status notes ("Resolved by …"), hidden lines and lines meant for one
// side only are the conversation's bookkeeping, not messages an automation would act on.

const NOT_A_MESSAGE: readonly number[] = [
  MESSAGE_CONTENT_TYPE.NOTIFY,
  MESSAGE_CONTENT_TYPE.HIDDEN,
  MESSAGE_CONTENT_TYPE.RECEIVER_ONLY,
  MESSAGE_CONTENT_TYPE.BLOCK_NOTIFY,
];

export const isAutomationMessage = (contentType: number): boolean => !NOT_A_MESSAGE.includes(contentType);
