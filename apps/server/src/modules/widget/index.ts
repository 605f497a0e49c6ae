// The front door of the widget module: what other modules and the composition root may use by name.
// It re-exports small files only, never services or routes, so importing it closes no file circle.
export { type CsatReceived, widgetBus } from './events.js';
