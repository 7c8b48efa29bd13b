import pino, { type Logger } from 'pino';

export type { Logger };

/** Takes the level alone (config.ts's LOG_LEVEL), so the logger sits under the configuration it is built from. */
export function createLogger(config: { logLevel: string }): Logger {
  return pino({
    level: config.logLevel,
    base: { app: 'porchlight' },
    // Never write secrets to the log, even when a caller logs a whole request.
    // A booking system's credentials (docs/security.md 42) are never logged on purpose; these paths are the second line.
    redact: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.newPassword', '*.oldPassword', '*.apiKey', '*.apiSecret', '*.inviteCode', '*.refreshToken', '*.accessToken', '*.credentials'],
  });
}
