import type { z } from 'zod'
import {
  GatewayError,
  GatewayHttpError,
  GatewayNetworkError,
  GatewayResponseError,
  GatewayTimeoutError,
} from './errors.ts'
import { type GatewayCallName, gatewayOperations } from './operations.ts'

export type GatewayTransport = {
  baseUrl: string
  fetch: typeof globalThis.fetch
  timeoutMs: number
  /** Extra attempts for GETs after a network error, a timeout or a 5xx. */
  getRetries: number
  retryDelayMs: number
}

export type QueryValue = string | number | boolean | null | undefined

export type GatewayCall<Schema extends z.ZodType | undefined> = {
  call: GatewayCallName
  pathParams?: Record<string, string | number>
  query?: Record<string, QueryValue>
  body?: unknown
  /** Validates the 2xx body; `undefined` for calls whose answer carries nothing Signet reads. */
  response: Schema
}

// Reason phrases for when the response has no status text (HTTP/2 never sends one).
const REASON_PHRASES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
}

/** `https://…/v1/chains/1/safes/0x…?cursor=…` for a call: path parameters URL-encoded, empty query values left out. */
export function buildGatewayUrl(
  baseUrl: string,
  call: GatewayCallName,
  pathParams: Record<string, string | number> = {},
  query: Record<string, QueryValue> = {},
): string {
  const path = gatewayOperations[call].path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = pathParams[name]
    if (value === undefined || value === '')
      throw new TypeError(`${call}: path parameter ${name} is required`)
    return encodeURIComponent(String(value))
  })
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}${path}`)
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) url.searchParams.set(name, String(value))
  }
  return url.toString()
}

/** The error text of a failed response: `code: message` from a gateway error body, else the status text. */
export function gatewayErrorText(status: number, statusText: string, body: unknown): string {
  if (typeof body === 'object' && body !== null) {
    const { code, message } = body as { code?: unknown; message?: unknown }
    if ((typeof code === 'string' || typeof code === 'number') && typeof message === 'string') {
      return `${code}: ${message}`
    }
  }
  return statusText || REASON_PHRASES[status] || `HTTP ${status}`
}

type ParsedBody =
  | { kind: 'empty'; value: undefined }
  | { kind: 'json'; value: unknown }
  | { kind: 'text'; value: string }

function parseBodyText(text: string): ParsedBody {
  if (text.trim() === '') return { kind: 'empty', value: undefined }
  try {
    return { kind: 'json', value: JSON.parse(text) }
  } catch {
    return { kind: 'text', value: text }
  }
}

/** `owners[0].value` from zod's issue path. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`))
    .join('')
}

async function attempt(transport: GatewayTransport, call: GatewayCallName, init: RequestInit, url: string) {
  const { method } = gatewayOperations[call]
  const label = `${method} ${url}`
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, transport.timeoutMs)
  try {
    const response = await transport.fetch(url, { ...init, signal: controller.signal })
    // The body is read under the same deadline: a gateway that stalls mid-body is a timeout too.
    const text = await response.text()
    return { status: response.status, statusText: response.statusText, ok: response.ok, text }
  } catch (error) {
    if (timedOut) throw new GatewayTimeoutError(call, label, transport.timeoutMs)
    throw new GatewayNetworkError(call, label, error)
  } finally {
    clearTimeout(timer)
  }
}

function isRetryable(error: unknown): boolean {
  if (error instanceof GatewayHttpError) return error.status >= 500
  return error instanceof GatewayTimeoutError || error instanceof GatewayNetworkError
}

/**
 * Performs one gateway call: builds the URL, sends JSON, applies the timeout, retries GETs on
 * transient failures (never POSTs or DELETEs: they are not idempotent at the gateway), maps errors
 * to the typed classes and validates the 2xx body.
 */
export async function callGateway<Schema extends z.ZodType | undefined>(
  transport: GatewayTransport,
  request: GatewayCall<Schema>,
): Promise<Schema extends z.ZodType ? z.output<Schema> : undefined> {
  const { call } = request
  const { method } = gatewayOperations[call]
  const url = buildGatewayUrl(transport.baseUrl, call, request.pathParams, request.query)
  const init: RequestInit = { method, headers: { accept: 'application/json' } }
  if (request.body !== undefined) {
    init.headers = { accept: 'application/json', 'content-type': 'application/json' }
    init.body = JSON.stringify(request.body)
  }
  const attempts = method === 'GET' ? 1 + transport.getRetries : 1
  let lastError: unknown
  for (let index = 0; index < attempts; index += 1) {
    if (index > 0) await new Promise((resolve) => setTimeout(resolve, transport.retryDelayMs))
    try {
      const answer = await attempt(transport, call, init, url)
      const body = parseBodyText(answer.text)
      if (!answer.ok) {
        const text = gatewayErrorText(answer.status, answer.statusText, body.value)
        throw new GatewayHttpError(call, answer.status, text, body.value)
      }
      return validate(request, body) as Schema extends z.ZodType ? z.output<Schema> : undefined
    } catch (error) {
      lastError = error
      if (!isRetryable(error)) throw error
    }
  }
  throw lastError instanceof GatewayError
    ? lastError
    : new GatewayNetworkError(call, `${method} ${url}`, lastError)
}

function validate(request: GatewayCall<z.ZodType | undefined>, body: ParsedBody): unknown {
  const schema = request.response
  if (!schema) return undefined
  if (body.kind === 'empty') throw new GatewayResponseError(request.call, '', 'the body is empty')
  if (body.kind === 'text') throw new GatewayResponseError(request.call, '', 'the body is not JSON')
  const parsed = schema.safeParse(body.value)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  throw new GatewayResponseError(
    request.call,
    issue ? formatIssuePath(issue.path) : '',
    issue?.message ?? 'invalid',
  )
}
