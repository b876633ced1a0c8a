import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, loadConfig, type Config } from './config';

/** A signal asked the process to stop while it was still starting: start-up stops at its next step. */
export class StopRequested extends Error {
  constructor() {
    super('stop requested during start-up');
  }
}

export interface ProcessLifecycle {
  /** True once a stop signal arrived. */
  readonly stopping: boolean;
  /** Registers what to close on stop; closers run last-registered first (jobs, then HTTP, then the database). */
  onStop(name: string, close: () => Promise<void>): void;
  /** Between start-up steps: throws StopRequested when a signal arrived meanwhile. */
  checkpoint(): void;
  /** Start-up is over: a signal now closes at once instead of at the next checkpoint. */
  started(): void;
  /** Closes everything registered and exits with `code` (a failed start-up, or the end of a stop). */
  stop(reason: string, code?: number): Promise<never>;
}

/**
 * One way for a process to end. SIGTERM, SIGINT and SIGHUP are handled from the first line of start-up, the
 * registered closers run in reverse order, and a deadline bounds the whole: past `timeoutMs` the process logs
 * which closer was still pending and exits 1, so nothing (a job that will not finish, a connection that stays,
 * a database that does not close) can keep a stopped process alive holding the data folder's lock. Whatever a
 * forced exit cuts off is recovered elsewhere: an unfinished job is retried, a transaction rolls back.
 */
export function installLifecycle(log: FastifyBaseLogger, timeoutMs: number): ProcessLifecycle {
  const closers: { name: string; close: () => Promise<void> }[] = [];
  let stopping = false;
  let isStarted = false;
  let pending = 'nothing';
  let stopped: Promise<never> | undefined;
  let startupDeadline: NodeJS.Timeout | undefined;

  const stop = (reason: string, code = 0): Promise<never> => {
    stopping = true;
    clearTimeout(startupDeadline);
    stopped ??= (async () => {
      log.info({ reason, timeout_ms: timeoutMs }, 'stopping');
      const deadline = setTimeout(() => {
        log.error({ pending, timeout_ms: timeoutMs }, 'stop deadline passed: exiting with work still pending');
        process.exit(1);
      }, timeoutMs);
      let exitCode = code;
      for (const closer of closers.reverse()) {
        pending = closer.name;
        try {
          await closer.close();
        } catch (err) {
          exitCode = exitCode || 1;
          log.error({ err, closer: closer.name }, 'closing failed');
        }
      }
      clearTimeout(deadline);
      log.info({ code: exitCode }, 'stopped');
      process.exit(exitCode);
    })();
    return stopped;
  };

  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn({ signal }, 'already stopping');
      return;
    }
    stopping = true;
    // During start-up the step in progress finishes (a migration is not cut in half) and checkpoint() stops there;
    // the deadline still applies if that step hangs.
    if (isStarted) void stop(signal);
    else {
      log.info({ signal }, 'stop requested during start-up');
      startupDeadline = setTimeout(() => {
        log.error({ timeout_ms: timeoutMs }, 'start-up did not reach a stop point in time: exiting');
        process.exit(1);
      }, timeoutMs);
    }
  };
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, onSignal);

  return {
    get stopping() {
      return stopping;
    },
    onStop(name, close) {
      closers.push({ name, close });
    },
    checkpoint() {
      if (stopping) throw new StopRequested();
    },
    started() {
      isStarted = true;
      clearTimeout(startupDeadline);
      if (stopping) void stop('signal during start-up');
    },
    stop,
  };
}

/**
 * The entry of a process (server.ts, worker.ts): configuration, logger and lifecycle first (signals are handled
 * from here on), then `start` under it: a stop signal or a failure during start-up closes what was opened so far
 * and exits.
 */
export async function runProcess(start: (p: { config: Config; log: FastifyBaseLogger; lifecycle: ProcessLifecycle }) => Promise<void>): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`Omnio cannot start: ${err.message}\n`);
    process.exit(1);
  }
  const log = pino({ level: config.logLevel }) as unknown as FastifyBaseLogger;
  const lifecycle = installLifecycle(log, config.shutdownTimeoutMs);
  try {
    await start({ config, log, lifecycle });
    lifecycle.started();
  } catch (err) {
    if (err instanceof StopRequested) await lifecycle.stop('signal during start-up', 0);
    log.error({ err }, 'start-up failed');
    await lifecycle.stop('start-up failed', 1);
  }
}
