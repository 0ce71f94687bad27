import { Console } from 'node:console';
import { logLevel } from './config';
import type { Logger } from '../../core/tool';

const ORDER = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;

/**
 * Our own console on stdout/stderr: Lambda's JSON log format patches the global console and would
 * wrap each of our JSON lines as an escaped string; these lines reach CloudWatch as JSON objects.
 */
const output = new Console({ stdout: process.stdout, stderr: process.stderr });

/**
 * Structured JSON log lines, one per event, each carrying the request id. Callers pass only safe
 * fields: never an API key, a token or a full request body.
 */
export function createLogger(base: Record<string, unknown>): Logger {
  const write = (level: 'info' | 'warn' | 'error', message: string, fields?: Record<string, unknown>) => {
    if (ORDER[level] < ORDER[logLevel()]) return;
    const line = JSON.stringify({ level, time: new Date().toISOString(), message, ...base, ...fields });
    if (level === 'error') output.error(line);
    else output.log(line);
  };
  return {
    info: (message, fields) => write('info', message, fields),
    warn: (message, fields) => write('warn', message, fields),
    error: (message, fields) => write('error', message, fields),
  };
}
