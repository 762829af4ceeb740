import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { OpenApiDocument } from './openapi-document.ts'

/** The gateway's OpenAPI snapshot kept in this package (`schema/openapi.json`, source noted beside it). Node only. */
export const GATEWAY_SCHEMA_PATH = fileURLToPath(new URL('../../schema/openapi.json', import.meta.url))

let cached: OpenApiDocument | undefined

export function loadGatewaySchema(): OpenApiDocument {
  cached ??= JSON.parse(readFileSync(GATEWAY_SCHEMA_PATH, 'utf8')) as OpenApiDocument
  return cached
}
