import { getTokens } from '../session/storage';
import { API_BASE, refreshOnce } from './http';
import { HttpError } from './http-error';

/**
 * A call the JSON client cannot make (multipart bodies, file downloads): the same bearer token and, on a 401,
 * the same single shared refresh and one retry. Unlike the JSON client it does not end the session when
 * the refresh fails; the caller gets the 401 as an HttpError.
 */
export async function authorizedFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const send = () => {
    // Read per attempt: the retry must carry the refreshed token.
    const tokens = getTokens();
    const headers = new Headers(init.headers);
    if (tokens) headers.set('Authorization', `${tokens.tokenType} ${tokens.accessToken}`);
    return fetch(url, { ...init, headers });
  };
  const first = await send();
  if (first.status === 401 && (await refreshOnce())) return send();
  return first;
}

/** A response's body as the JSON client reads it: parsed JSON, the text when it is not JSON, nothing when empty. */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return text;
  }
}

/** A failed response as the HttpError the JSON client throws, so screens show upload errors like any other. */
export async function responseError(response: Response): Promise<HttpError> {
  return new HttpError(response.status, await readBody(response));
}

/**
 * The one upload client: POST {API_BASE}{path} as multipart/form-data with the text `fields` first, then
 * the file as field `file`, and answer the envelope's `data`. Progress is the caller's mutation state
 * (fetch reports no upload progress); errors are HttpErrors.
 */
export async function uploadFile<T>(path: string, file: File, fields: Readonly<Record<string, string>> = {}): Promise<T> {
  const form = new FormData();
  // Text fields first: the server reads the whole form either way, but this is the conventional order.
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file, file.name);
  const response = await authorizedFetch(`${API_BASE}${path}`, { method: 'POST', headers: { Accept: 'application/json' }, body: form });
  if (!response.ok) throw await responseError(response);
  return ((await readBody(response)) as { data: T }).data;
}
