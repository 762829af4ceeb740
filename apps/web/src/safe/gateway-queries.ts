import type { GatewayClient } from '@signet/gateway/client'
import type { GatewayError, GatewayTimeoutError } from '@signet/gateway/errors'
import { type QueryKey, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import type { Translate } from '../i18n/translate.ts'
import { pageCursor } from './safe-facts.ts'

/**
 * A gateway read as a react-query query. No retry here: the gateway client already retries GETs
 * on transient failures, and its error text is what the section shows.
 */
export function useGatewayQuery<Data>(client: GatewayClient, key: QueryKey, read: () => Promise<Data>) {
  return useQuery({ queryKey: gatewayQueryKey(client, ...key), queryFn: read, retry: false })
}

/**
 * The react-query key of a gateway read; with only its name (`'balances'`), the prefix of every read
 * of that name (react-query matches keys by prefix).
 */
export function gatewayQueryKey(client: GatewayClient, ...key: QueryKey): QueryKey {
  return ['safe-gateway', client.baseUrl, ...key]
}

/** A paged gateway list: each page is fetched with the `cursor` of the previous page's `next` link. */
export function useGatewayPages<Page extends { next?: string | null }>(
  client: GatewayClient,
  key: QueryKey,
  read: (cursor: string | undefined) => Promise<Page>,
) {
  return useInfiniteQuery({
    queryKey: gatewayQueryKey(client, ...key),
    queryFn: ({ pageParam }) => read(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => pageCursor(page.next),
    retry: false,
  })
}

/**
 * A failed read in the page's language. The gateway's own answer (an HTTP error: `404: No Safe
 * deployed at …`) is shown as the gateway words it; the client's failures (time-out, unreachable,
 * malformed answer) by their code, with the technical detail their message carries.
 */
export function errorText(t: Translate, error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const { code, call } = error as Partial<GatewayError>
  const message = error.message
  if (code === 'GATEWAY_RESPONSE_INVALID' && call) {
    const prefix = `Unexpected Safe Client Gateway response to ${call}: `
    if (message.startsWith(prefix))
      return t('safe.gatewayErrors.responseInvalid', { call, detail: message.slice(prefix.length) })
  }
  if (code === 'GATEWAY_TIMEOUT') {
    const { timeoutMs } = error as GatewayTimeoutError
    const request = /\((.*)\)$/s.exec(message)?.[1]
    if (request !== undefined) return t('safe.gatewayErrors.timeout', { timeoutMs, request })
  }
  if (code === 'GATEWAY_NETWORK_ERROR') {
    const parts = /could not be reached \((.*?)\): (.*)$/s.exec(message)
    if (parts) return t('safe.gatewayErrors.unreachable', { request: parts[1] ?? '', reason: parts[2] ?? '' })
  }
  return message
}
