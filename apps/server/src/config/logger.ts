import pino, { type Logger } from 'pino'

/**
 * Structured logs (JSON lines on stdout, written asynchronously, or `destination`); `LOG_LEVEL` sets
 * the level (default info, silent under tests). One line per request comes from request/request-log.ts,
 * which never logs a signature, message, cookie or full nonce; the redaction is a second net for any
 * other call site.
 *
 * @example const log = createLogger(process.env)
 */
export function createLogger(
  env: Record<string, string | undefined>,
  destination?: pino.DestinationStream,
): Logger {
  const options: pino.LoggerOptions = {
    level: env.LOG_LEVEL ?? (env.VITEST ? 'silent' : 'info'),
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'headers.cookie',
        'signature',
        'nonce',
        'message',
        'token',
        '*.signature',
        '*.nonce',
        '*.token',
      ],
      censor: '[redacted]',
    },
  }
  // Asynchronous stdout: pino's default synchronous write sleeps 100 ms (event loop held) whenever the
  // pipe is full, i.e. whenever the log reader lags — under load that was the worst of the latency tail.
  // Buffered lines are flushed on a normal exit; a SIGKILL can lose the last few, never a session.
  return pino(options, destination ?? pino.destination({ dest: 1, sync: false }))
}
