function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readFieldErrors(body: unknown): Record<string, string[]> {
  if (!isRecord(body) || !isRecord(body.errors)) return {};
  const out: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(body.errors)) {
    if (Array.isArray(messages)) out[field] = messages.filter((m): m is string => typeof m === 'string');
    else if (typeof messages === 'string') out[field] = [messages];
  }
  return out;
}

/** A non-2xx answer. `message` is the server's message, or spec 8's 'Request failed, status {status}'. */
export class HttpError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly fieldErrors: Record<string, string[]>;

  constructor(status: number, body: unknown) {
    const serverMessage = isRecord(body) && typeof body.message === 'string' ? body.message : undefined;
    super(serverMessage || `Request failed, status ${status}`);
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
    this.fieldErrors = status === 422 ? readFieldErrors(body) : {};
  }

  /** A string field of the JSON error body (e.g. the OAuth `error` code or `hint`). */
  bodyField(name: string): string | undefined {
    const value = isRecord(this.body) ? this.body[name] : undefined;
    return typeof value === 'string' ? value : undefined;
  }
}

export function isHttpError(error: unknown, status?: number): error is HttpError {
  return error instanceof HttpError && (status === undefined || error.status === status);
}
