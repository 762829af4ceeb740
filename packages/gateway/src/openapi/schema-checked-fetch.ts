import { checkRequest, checkResponse } from './exchange-check.ts'
import type { OpenApiDocument } from './openapi-document.ts'
import { formatIssues } from './schema-check.ts'

export type CheckedExchange = {
  method: string
  url: string
  status: number
  /** The schema path the request matched, when it matched one. */
  template?: string
  /** What does not conform: the request, or a 2xx response body. Empty when all is well. */
  problems: string[]
}

/**
 * Wraps `fetch` so that every request and every successful response is checked against the gateway
 * schema (for tests that run the client against a gateway). Error responses are recorded but not
 * checked: the schema does not describe error bodies.
 */
export function schemaCheckedFetch(doc: OpenApiDocument, inner: typeof globalThis.fetch = globalThis.fetch) {
  const exchanges: CheckedExchange[] = []
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url
    const method = init?.method ?? 'GET'
    const problems: string[] = []
    let template: string | undefined
    try {
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
      template = checkRequest(doc, { method, url, body }).template
    } catch (error) {
      problems.push(error instanceof Error ? error.message : String(error))
    }
    const response = await inner(input, init)
    if (template && response.ok) {
      const text = await response.clone().text()
      try {
        const body = text === '' ? undefined : JSON.parse(text)
        const issues = checkResponse(doc, { method, template, status: response.status, body })
        if (issues.length > 0)
          problems.push(`${method} ${template} → ${response.status}: ${formatIssues(issues)}`)
      } catch (error) {
        problems.push(
          `${method} ${template} → ${response.status}: ${error instanceof Error ? error.message : String(error)}`,
        )
      }
    }
    exchanges.push({ method, url, status: response.status, ...(template ? { template } : {}), problems })
    return response
  }
  return {
    fetch,
    exchanges,
    /** The exchanges with problems, formatted for an assertion message. */
    problems: () =>
      exchanges
        .filter((e) => e.problems.length > 0)
        .map((e) => `${e.method} ${e.url}: ${e.problems.join('; ')}`),
  }
}
