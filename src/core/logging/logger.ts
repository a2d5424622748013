import { AuthHeader } from '../../../shared/signing.ts';
import { antiForgeryToken } from '../api/anti-forgery.ts';
import { appConfig } from '../config.ts';

/** The spec's logging levels, TRACE=0 to OFF=7. */
export const LogLevel = {
  TRACE: 0,
  DEBUG: 1,
  INFO: 2,
  LOG: 3,
  WARN: 4,
  ERROR: 5,
  FATAL: 6,
  OFF: 7,
} as const;
export type LogLevelName = keyof typeof LogLevel;

export interface LogEntry {
  level: number;
  message: string;
  additional: unknown[];
  timestamp: string;
  fileName: string | null;
  lineNumber: number | null;
}

type Sink = (entry: LogEntry) => void;

const consoleSink: Sink = (entry) => {
  const write =
    entry.level >= LogLevel.ERROR
      ? console.error
      : entry.level >= LogLevel.WARN
        ? console.warn
        : entry.level >= LogLevel.INFO
          ? console.info
          : console.debug;
  write(`[${entry.timestamp}] ${entry.message}`, ...entry.additional);
};

/**
 * Posts to the configured server URL without the API client, so logging never loops; like any
 * write to the API it echoes the anti-forgery cookie.
 */
const serverSink: Sink = (entry) => {
  const url = `${appConfig.logging.serverUrl}?app=${encodeURIComponent(appConfig.appName)}`;
  const send = async () => {
    const xsrf = await antiForgeryToken();
    await fetch(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        [AuthHeader.ApplicationKey]: appConfig.applicationKey,
        ...(xsrf === undefined ? {} : { [AuthHeader.AntiForgery]: xsrf }),
      },
      body: JSON.stringify({ ...entry, additional: entry.additional.map(describe) }),
      credentials: 'same-origin',
    });
  };
  send().catch(() => undefined);
};

function describe(value: unknown): unknown {
  if (value instanceof Error)
    return { name: value.name, message: value.message, stack: value.stack };
  return value;
}

/** Where the call to the logger came from, read off the stack (best effort). */
function callSite(): { fileName: string | null; lineNumber: number | null } {
  const frame = new Error().stack?.split('\n')[4] ?? '';
  const match = /\(?([^()\s]+):(\d+):\d+\)?$/.exec(frame);
  return { fileName: match?.[1] ?? null, lineNumber: match ? Number(match[2]) : null };
}

export function createLogger(options: {
  level: LogLevelName;
  serverLevel: LogLevelName;
  sinks?: { console?: Sink; server?: Sink };
}) {
  const consoleLevel = LogLevel[options.level];
  const serverLevel = LogLevel[options.serverLevel];
  const toConsole = options.sinks?.console ?? consoleSink;
  const toServer = options.sinks?.server ?? serverSink;

  const write = (level: number, message: string, additional: unknown[]) => {
    if (level < consoleLevel && level < serverLevel) return;
    const entry: LogEntry = {
      level,
      message,
      additional,
      timestamp: new Date().toISOString(),
      ...callSite(),
    };
    if (level >= consoleLevel && consoleLevel < LogLevel.OFF) toConsole(entry);
    if (level >= serverLevel && serverLevel < LogLevel.OFF) toServer(entry);
  };

  return {
    trace: (message: string, ...additional: unknown[]) =>
      write(LogLevel.TRACE, message, additional),
    debug: (message: string, ...additional: unknown[]) =>
      write(LogLevel.DEBUG, message, additional),
    info: (message: string, ...additional: unknown[]) => write(LogLevel.INFO, message, additional),
    log: (message: string, ...additional: unknown[]) => write(LogLevel.LOG, message, additional),
    warn: (message: string, ...additional: unknown[]) => write(LogLevel.WARN, message, additional),
    error: (message: string, ...additional: unknown[]) =>
      write(LogLevel.ERROR, message, additional),
    fatal: (message: string, ...additional: unknown[]) =>
      write(LogLevel.FATAL, message, additional),
  };
}

export type Logger = ReturnType<typeof createLogger>;

/** The portal's logger: the console at the configured level; the server only when configured. */
export const logger: Logger = createLogger({
  level: appConfig.logging.level,
  serverLevel: appConfig.logging.serverLevel,
});
