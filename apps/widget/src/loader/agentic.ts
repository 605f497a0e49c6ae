// /widget/agentic/loader.js: the same loader with the agentic variant's defaults (AI agent first).
import { start } from './core';

start(window.convoSettings, { agentic: true });
