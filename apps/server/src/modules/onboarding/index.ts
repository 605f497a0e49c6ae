// The front door of onboarding: what other modules and the composition root (app.ts) may use.
export { createOnboardingRecorder } from './recorder.js';
export { onboardingRoutes } from './routes.js';
export { recordStepsOfEvents, recordStepsOfRoutes } from './step-sources.js';
