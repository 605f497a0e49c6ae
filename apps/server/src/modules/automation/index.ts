// The front door of the automation connector: its triggers (subscribed to other modules' events in
// app.ts), its queue's handler and the actions' interface app.ts implements. Its routes too: they reach
// other modules only through their front doors, so importing them closes no file circle.
export type { AutomationActions } from './actions.js';
export { type AutomationDeliveryDeps, automationDeliveryHandler } from './delivery.js';
export { automationRoutes } from './routes.js';
export {
  AUTOMATION_QUEUE,
  onConversationCreated,
  onConversationResolved,
  onCsatReceived,
  onMessagesStored,
  onUserCreated,
} from './triggers.js';
