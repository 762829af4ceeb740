/** A recorded request: what the client put on the wire. */
export type RecordedRequest = { method: string; url: string; headers: Record<string, string>; body?: unknown }

export type CannedAnswer = { status: number; body?: unknown; statusText?: string }

/**
 * A `fetch` for tests that records each request and answers with a canned response, so a test can
 * check exactly what the client sends and how it reads a given answer.
 */
export function recordingFetch(answer: CannedAnswer | ((request: RecordedRequest) => CannedAnswer)) {
  const requests: RecordedRequest[] = []
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url
    const headers = Object.fromEntries(new Headers(init?.headers).entries())
    const text = typeof init?.body === 'string' ? init.body : undefined
    const request: RecordedRequest = {
      method: init?.method ?? 'GET',
      url,
      headers,
      ...(text === undefined ? {} : { body: JSON.parse(text) }),
    }
    requests.push(request)
    const { status, body, statusText } = typeof answer === 'function' ? answer(request) : answer
    const payload =
      body === undefined || status === 204 ? null : typeof body === 'string' ? body : JSON.stringify(body)
    return new Response(payload, { status, ...(statusText === undefined ? {} : { statusText }) })
  }
  return { fetch, requests }
}
