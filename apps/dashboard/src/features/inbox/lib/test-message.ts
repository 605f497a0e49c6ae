// A message as the API answers it, for the inbox's unit tests.

import type { Message } from '@convo/api';
import { toApplozicMessage } from '@convo/domain';

export function testMessage(fields: Partial<Message> & Pick<Message, 'id'>): Message {
  return {
    ...toApplozicMessage(
      {
        key: `k${fields.id}`,
        groupId: 1,
        clientGroupId: 'g',
        senderUserId: 'u',
        message: `m${fields.id}`,
        contentType: 0,
        metadata: {},
        fileMeta: null,
        createdAt: fields.id,
        status: 3,
      },
      'u',
    ),
    from: 'u',
    senderType: 2,
    ...fields,
  };
}
