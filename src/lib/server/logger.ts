import pino, { type Logger } from 'pino';
import type { Config } from './config.ts';

export type { Logger };

export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino({
    level: config.logLevel,
    base: { app: 'porchlight' },
    // Never write secrets to the log, even when a caller logs a whole request.
    redact: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.newPassword', '*.oldPassword'],
  });
}
