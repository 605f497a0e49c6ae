// The front door of the automation connector: its triggers (subscribed to other modules' events in
// app.ts), its queue's handler and the actions' interface app.ts implements. It re-exports small
// files only, never services or routes, so importing it closes no file circle.
export type { AutomationActions } from './actions.js';
export { type AutomationDeliveryDeps, automationDeliveryHandler } from './delivery.js';
export {
  AUTOMATION_QUEUE,
  onConversationCreated,
  onConversationResolved,
  onCsatReceived,
  onMessagesStored,
  onUserCreated,
} from './triggers.js';
