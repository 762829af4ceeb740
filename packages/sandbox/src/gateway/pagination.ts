/** The gateway's page envelope. `next`/`previous` are full URLs carrying `cursor=limit=…&offset=…`. */
export type GatewayPage<Item> = {
  count: number
  next: string | null
  previous: string | null
  results: Item[]
}

const DEFAULT_LIMIT = 20

function parseCursor(cursor: string | undefined): { limit: number; offset: number } {
  const params = new URLSearchParams(cursor ?? '')
  const limit = Number.parseInt(params.get('limit') ?? '', 10)
  const offset = Number.parseInt(params.get('offset') ?? '', 10)
  return {
    limit: Number.isFinite(limit) && limit > 0 ? limit : DEFAULT_LIMIT,
    offset: Number.isFinite(offset) && offset > 0 ? offset : 0,
  }
}

function pageUrl(requestUrl: string, limit: number, offset: number): string {
  const url = new URL(requestUrl)
  url.searchParams.set('cursor', `limit=${limit}&offset=${offset}`)
  return url.toString()
}

/** One page of `items` for the request's `cursor`, with links to the neighbouring pages. */
export function paginate<Item>(items: Item[], requestUrl: string): GatewayPage<Item> {
  const { limit, offset } = parseCursor(new URL(requestUrl).searchParams.get('cursor') ?? undefined)
  const results = items.slice(offset, offset + limit)
  return {
    count: items.length,
    next: offset + limit < items.length ? pageUrl(requestUrl, limit, offset + limit) : null,
    previous: offset > 0 ? pageUrl(requestUrl, limit, Math.max(0, offset - limit)) : null,
    results,
  }
}
