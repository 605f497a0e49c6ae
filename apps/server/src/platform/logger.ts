import pino, { type DestinationStream, type Logger } from 'pino';
import type { AppConfig } from './config.js';

/** The server's logger: JSON lines on stdout (or `destination`, for tests), secrets removed. */
export function createLogger(config: Pick<AppConfig, 'logLevel'>, destination?: DestinationStream): Logger {
  const options = {
    level: config.logLevel,
    redact: {
      paths: ['req.headers.authorization', 'req.headers["x-authorization"]', '*.password'],
      remove: true,
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
