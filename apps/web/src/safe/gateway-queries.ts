import type { GatewayClient } from '@signet/gateway/client'
import { type QueryKey, useInfiniteQuery, useQuery } from '@tanstack/react-query'
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
