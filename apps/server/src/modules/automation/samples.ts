import type { AutomationDeliveryBody, AutomationTrigger } from '@convo/api';

// A made-up delivery per trigger: what an automation platform shows while a user maps fields,
// before any real event happened (Zapier's "perform list" sample). Fixed values, no tenant data.

const AT = Date.UTC(2026, 0, 15, 9, 30);
const conversation = {
  groupId: 1001,
  clientGroupId: 'sample-conversation',
  name: 'Sample conversation',
  customer: 'sample-customer',
  assignee: 'sample-agent',
  createdAt: AT,
};

export function sampleOf(event: AutomationTrigger): AutomationDeliveryBody {
  const id = `sample-${event}`;
  switch (event) {
    case 'conversation.created':
      return { id, event, createdAt: AT, data: { ...conversation, status: 0 } };
    case 'conversation.resolved':
      return { id, event, createdAt: AT, data: { ...conversation, status: 2 } };
    case 'message.created':
      return {
        id,
        event,
        createdAt: AT,
        data: {
          key: 'sample-message',
          groupId: conversation.groupId,
          clientGroupId: conversation.clientGroupId,
          from: 'sample-customer',
          message: 'Hello, where is my order?',
          contentType: 0,
          createdAt: AT,
        },
      };
    case 'csat.received':
      return {
        id,
        event,
        createdAt: AT,
        data: {
          groupId: conversation.groupId,
          clientGroupId: conversation.clientGroupId,
          rating: 5,
          comment: 'Quick and friendly',
          customer: 'sample-customer',
        },
      };
    case 'user.created':
      return {
        id,
        event,
        createdAt: AT,
        data: {
          userId: 'sample-customer',
          displayName: 'Sample Customer',
          email: 'customer@example.com',
          createdAt: AT,
        },
      };
  }
}
