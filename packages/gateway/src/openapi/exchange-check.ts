import { findOperation, matchPathTemplate, type OpenApiDocument } from './openapi-document.ts'
import { checkAgainstSchema, formatIssues, type SchemaIssue } from './schema-check.ts'

export class ExchangeCheckError extends Error {
  readonly code = 'EXCHANGE_DOES_NOT_MATCH_SCHEMA'
  constructor(message: string) {
    super(message)
    this.name = 'ExchangeCheckError'
  }
}

export type CheckedRequest = {
  /** Schema path template the URL matched, e.g. `/v1/chains/{chainId}`. */
  template: string
  pathParams: Record<string, string>
  query: Record<string, string>
}

/**
 * Checks one HTTP request against the gateway schema: the URL path matches an operation's template for
 * this method, every path parameter is present, every query parameter is declared, required query
 * parameters are present, and the JSON body validates against the operation's `requestBody` schema.
 * Throws `ExchangeCheckError` naming every mismatch.
 */
export function checkRequest(
  doc: OpenApiDocument,
  request: { method: string; url: string; body?: unknown },
): CheckedRequest {
  const url = new URL(request.url)
  const match = matchPathTemplate(doc, request.method, url.pathname)
  if (!match)
    throw new ExchangeCheckError(`${request.method} ${url.pathname} is not an operation of the schema`)
  const operation = findOperation(doc, request.method, match.template)
  const problems: string[] = []
  const parameters = operation.parameters ?? []
  for (const parameter of parameters.filter((p) => p.in === 'path')) {
    if (!match.params[parameter.name]) problems.push(`path parameter ${parameter.name} is empty`)
  }
  const query = Object.fromEntries(url.searchParams)
  const declaredQuery = new Set(parameters.filter((p) => p.in === 'query').map((p) => p.name))
  for (const name of Object.keys(query)) {
    if (!declaredQuery.has(name)) problems.push(`query parameter ${name} is not declared`)
  }
  for (const parameter of parameters.filter((p) => p.in === 'query' && p.required)) {
    if (!(parameter.name in query)) problems.push(`required query parameter ${parameter.name} is missing`)
  }
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema
  if (bodySchema) {
    if (request.body === undefined) {
      if (operation.requestBody?.required) problems.push('request body is missing')
    } else {
      const issues = checkAgainstSchema(doc, bodySchema, request.body)
      if (issues.length > 0) problems.push(`request body: ${formatIssues(issues)}`)
    }
  } else if (request.body !== undefined) {
    problems.push('the operation takes no request body')
  }
  if (problems.length > 0) {
    throw new ExchangeCheckError(`${request.method} ${match.template}: ${problems.join('; ')}`)
  }
  return { template: match.template, pathParams: match.params, query }
}

/**
 * Checks one response against the schema of `method template` for its status: a declared JSON schema
 * must validate; a status declared without content must come with an empty body. Returns the issues
 * (empty when the response conforms); throws when the status is not declared at all.
 */
export function checkResponse(
  doc: OpenApiDocument,
  response: { method: string; template: string; status: number; body: unknown },
): SchemaIssue[] {
  const operation = findOperation(doc, response.method, response.template)
  const declared = operation.responses?.[String(response.status)] ?? operation.responses?.default
  if (!declared) {
    throw new ExchangeCheckError(
      `${response.method} ${response.template}: status ${response.status} is not declared (declared: ${Object.keys(operation.responses ?? {}).join(', ')})`,
    )
  }
  const schema = declared.content?.['application/json']?.schema
  if (!schema) {
    return response.body === undefined || response.body === ''
      ? []
      : [
          {
            path: '$',
            message: `status ${response.status} declares no body, got ${JSON.stringify(response.body)}`,
          },
        ]
  }
  return checkAgainstSchema(doc, schema, response.body)
}
