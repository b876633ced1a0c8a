/** What a scenario must reach on the reference machine (2 cores, server + PostgreSQL + load on one host). */
export interface Target {
  minRequestsPerSecond: number;
  maxP99Ms: number;
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

/** One request, repeated by every connection for the whole run. */
export interface LoadPlan {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Every response must have this status; any other counts as a failure. */
  expectStatus: number;
  /** Checks one response body before the load starts; answers what is wrong, or null. */
  check?(body: unknown): string | null;
}

export interface Scenario {
  /** Command-line name: `npm run bench -- <name>`; also the results file prefix. */
  name: string;
  description: string;
  target: Target;
  prepare(ctx: ScenarioContext): Promise<LoadPlan>;
}
