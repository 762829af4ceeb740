import {
  collectSchemaRefs,
  type HttpMethodKey,
  type OpenApiDocument,
  type PathItemObject,
  type SchemaObject,
} from './openapi-document.ts'

export type KeptOperation = { method: string; path: string }

/**
 * The gateway schema reduced to the given operations and the component schemas they reference, so
 * the generated types stay small. Operations missing from the document are reported, not invented.
 */
export function pruneDocument(
  doc: OpenApiDocument,
  keep: readonly KeptOperation[],
): { document: OpenApiDocument; missing: KeptOperation[] } {
  const paths: Record<string, PathItemObject> = {}
  const missing: KeptOperation[] = []
  for (const { method, path } of keep) {
    const key = method.toLowerCase() as HttpMethodKey
    const operation = doc.paths[path]?.[key]
    if (!operation) {
      missing.push({ method, path })
      continue
    }
    const item: PathItemObject = paths[path] ?? {}
    if (doc.paths[path]?.parameters) item.parameters = doc.paths[path].parameters
    item[key] = operation
    paths[path] = item
  }
  const names = collectSchemaRefs(doc, [paths])
  const schemas: Record<string, SchemaObject> = {}
  for (const name of [...names].sort()) {
    const schema = doc.components?.schemas?.[name]
    if (schema) schemas[name] = schema
  }
  const { openapi, info } = doc
  return { document: { openapi, info, paths, components: { schemas } }, missing }
}
