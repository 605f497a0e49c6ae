// /widget/loader.js: the script snippet's loader.
import { start } from './core';

start(window.convoSettings, { agentic: false });
