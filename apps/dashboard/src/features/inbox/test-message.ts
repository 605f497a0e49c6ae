// A message as the API answers it, for the inbox's unit tests.

import type { Message } from '@convo/api';

export function testMessage(fields: Partial<Message> & Pick<Message, 'id'>): Message {
  return {
    key: `k${fields.id}`,
    groupId: 1,
    clientGroupId: 'g',
    from: 'u',
    message: `m${fields.id}`,
    contentType: 0,
    senderType: 2,
    metadata: {},
    fileMeta: null,
    createdAtTime: fields.id,
    type: 5,
    status: 3,
    ...fields,
  };
}
