/**
 * The few OpenAPI 3.0 shapes Signet reads from the gateway's schema: enough to prune it for code
 * generation and to resolve operations in contract tests. Browser-safe (no file access here).
 */
export type SchemaObject = {
  $ref?: string
  type?: 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null'
  nullable?: boolean
  enum?: unknown[]
  properties?: Record<string, SchemaObject>
  required?: string[]
  additionalProperties?: boolean | SchemaObject
  items?: SchemaObject
  oneOf?: SchemaObject[]
  anyOf?: SchemaObject[]
  allOf?: SchemaObject[]
  pattern?: string
  minItems?: number
  maxLength?: number
  [keyword: string]: unknown
}

export type ParameterObject = {
  name: string
  in: 'path' | 'query' | 'header' | 'cookie'
  required?: boolean
  schema?: SchemaObject
}

export type OperationObject = {
  operationId?: string
  deprecated?: boolean
  parameters?: ParameterObject[]
  requestBody?: { required?: boolean; content?: Record<string, { schema?: SchemaObject }> }
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: SchemaObject }> }>
  [key: string]: unknown
}

export type HttpMethodKey = 'get' | 'post' | 'put' | 'patch' | 'delete'

export type PathItemObject = Partial<Record<HttpMethodKey, OperationObject>> & {
  parameters?: ParameterObject[]
}

export type OpenApiDocument = {
  openapi: string
  info: Record<string, unknown>
  paths: Record<string, PathItemObject>
  components?: { schemas?: Record<string, SchemaObject>; [section: string]: unknown }
  [key: string]: unknown
}

export class OpenApiLookupError extends Error {
  readonly code = 'OPENAPI_LOOKUP_FAILED'
  constructor(message: string) {
    super(message)
    this.name = 'OpenApiLookupError'
  }
}

const SCHEMA_REF_PREFIX = '#/components/schemas/'

/** Name of the component a `$ref` points to (`#/components/schemas/Chain` → `Chain`). */
export function refName(ref: string): string {
  if (!ref.startsWith(SCHEMA_REF_PREFIX)) throw new OpenApiLookupError(`unsupported $ref ${ref}`)
  return ref.slice(SCHEMA_REF_PREFIX.length)
}

export function resolveSchemaRef(doc: OpenApiDocument, ref: string): SchemaObject {
  const schema = doc.components?.schemas?.[refName(ref)]
  if (!schema) throw new OpenApiLookupError(`schema ${ref} not found`)
  return schema
}

/** The operation at `method path` (path as templated in the schema), with path-level parameters merged. */
export function findOperation(doc: OpenApiDocument, method: string, path: string): OperationObject {
  const item = doc.paths[path]
  const operation = item?.[method.toLowerCase() as HttpMethodKey]
  if (!item || !operation)
    throw new OpenApiLookupError(`no operation ${method.toUpperCase()} ${path} in the schema`)
  return { ...operation, parameters: [...(item.parameters ?? []), ...(operation.parameters ?? [])] }
}

/**
 * The schema path template that a concrete URL path matches (`/v1/chains/5` → `/v1/chains/{chainId}`),
 * with its path parameters decoded. Literal segments win over parameters, as in the gateway's router.
 */
export function matchPathTemplate(
  doc: OpenApiDocument,
  method: string,
  urlPath: string,
): { template: string; params: Record<string, string> } | undefined {
  const segments = urlPath.split('/')
  const candidates: { template: string; params: Record<string, string>; literals: number }[] = []
  for (const [template, item] of Object.entries(doc.paths)) {
    if (!item[method.toLowerCase() as HttpMethodKey]) continue
    const parts = template.split('/')
    if (parts.length !== segments.length) continue
    const params: Record<string, string> = {}
    let literals = 0
    const matches = parts.every((part, index) => {
      const segment = segments[index] ?? ''
      const param = /^\{(.+)\}$/.exec(part)?.[1]
      if (param) {
        params[param] = decodeURIComponent(segment)
        return segment !== ''
      }
      literals += 1
      return part === segment
    })
    if (matches) candidates.push({ template, params, literals })
  }
  candidates.sort((a, b) => b.literals - a.literals)
  const best = candidates[0]
  return best && { template: best.template, params: best.params }
}

/** Every `#/components/schemas/X` name reachable from `roots`, following refs transitively. */
export function collectSchemaRefs(doc: OpenApiDocument, roots: unknown[]): Set<string> {
  const names = new Set<string>()
  const pending = [...roots]
  while (pending.length > 0) {
    const node = pending.pop()
    if (!node || typeof node !== 'object') continue
    if (Array.isArray(node)) {
      pending.push(...node)
      continue
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        const name = refName(value)
        if (names.has(name)) continue
        names.add(name)
        pending.push(resolveSchemaRef(doc, value))
      } else {
        pending.push(value)
      }
    }
  }
  return names
}
