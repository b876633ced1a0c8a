/**
 * What a scenario must reach on the reference machine (2 cores, server + PostgreSQL + load on one host).
 * Every bound that is given is judged; leave out the ones the issue does not ask for.
 */
export interface Target {
  minRequestsPerSecond: number;
  maxP99Ms?: number;
  maxP95Ms?: number;
  /** At least this many of the plan's `unit` per second (e.g. orders/s of a batch import), from its tally. */
  minUnitsPerSecond?: number;
  /** What minUnitsPerSecond counts, for the target's text (`orders`). */
  unit?: string;
}

/** The rows the harness adds to the seeded demo database before any scenario runs. */
export interface DatasetSummary {
  companies: number;
  users: number;
  accessTokens: number;
  refreshTokens: number;
  userPermissions: number;
  preferences: number;
}

/** What a scenario gets to prepare its load: a running server on a loaded database. */
export interface ScenarioContext {
  baseUrl: string;
  dataset: DatasetSummary;
  /** Password grant of the web app's OAuth client; answers the access token. */
  signIn(username: string, password: string): Promise<string>;
  /** SQL as the database owner on the bench database (bypasses row-level security), for scenario data. */
  ownerQuery(text: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
}

/** Counts from response bodies (e.g. orders, and how many came back open), summed over one run. */
export type Tally = Record<string, number>;

/** What a plan's verify step found after the measured run. */
export interface Verification {
  /** Written to the results file as they are (row counts, shares, sums). */
  facts: Record<string, unknown>;
  /** Anything here fails the run, whatever its speed. */
  problems: string[];
}

/** One request, repeated by every connection for the whole run. */
export interface LoadPlan {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /**
   * A fresh body for every request, the check request included (unique external ids, so that an
   * idempotent create really creates). When given, `body` is not used.
   */
  nextBody?(): string;
  /** A fresh path for every request, the check request included (e.g. another order's id each time); `path` is then the first. */
  nextPath?(): string;
  /** Every response must have this status; any other counts as a failure. */
  expectStatus: number;
  /** Checks one response body before the load starts; answers what is wrong, or null. */
  check?(body: unknown): string | null;
  /**
   * Counts from one response of the load (its status and raw body), summed into the run's `tally`. Only
   * when given are the bodies of the load looked at.
   */
  tally?(status: number, body: string): Tally;
  /** The tally key that counts the work done, e.g. `orders`: the run reports it per second (`units`). */
  unit?: string;
  /**
   * The measured run sends exactly this many requests (autocannon `amount`) instead of running for
   * `--duration` seconds: for targets stated over a fixed amount of work (import 100,000 orders).
   */
  requestCount?: number;
  /** Seconds before a request counts as timed out (10). */
  timeoutSeconds?: number;
  /** After the measured run: facts for the results file and problems that fail it (e.g. SQL on what was written). */
  verify?(run: { tally: Tally; requestsTotal: number }): Promise<Verification>;
}

export interface Scenario {
  /** Command-line name: `npm run bench -- <name>`; also the results file prefix. */
  name: string;
  description: string;
  target: Target;
  prepare(ctx: ScenarioContext): Promise<LoadPlan>;
}
