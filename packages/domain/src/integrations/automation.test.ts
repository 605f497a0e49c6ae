import { describe, expect, it } from 'vitest';
import { MESSAGE_CONTENT_TYPE } from '../messaging';
import { isAutomationMessage } from './automation';

describe('the "new message" trigger', () => {
  it('takes what someone wrote (text, files, HTML, calls) and leaves the conversation’s bookkeeping lines', () => {
    for (const t of [
      MESSAGE_CONTENT_TYPE.DEFAULT,
      MESSAGE_CONTENT_TYPE.ATTACHMENT,
      MESSAGE_CONTENT_TYPE.TEXT_HTML,
      MESSAGE_CONTENT_TYPE.MISSED_CALL,
    ])
      expect(isAutomationMessage(t), String(t)).toBe(true);
    for (const t of [
      MESSAGE_CONTENT_TYPE.NOTIFY,
      MESSAGE_CONTENT_TYPE.HIDDEN,
      MESSAGE_CONTENT_TYPE.RECEIVER_ONLY,
      MESSAGE_CONTENT_TYPE.BLOCK_NOTIFY,
    ])
      expect(isAutomationMessage(t), String(t)).toBe(false);
  });
});
