import { type OpenApiDocument, resolveSchemaRef, type SchemaObject } from './openapi-document.ts'

/** One mismatch between a value and a schema: where (`$.owners[0].value`) and what. */
export type SchemaIssue = { path: string; message: string }

/**
 * Checks `value` against an OpenAPI 3.0 schema object of `doc` — the subset of JSON Schema the gateway's
 * schema uses: `$ref`, `type` (incl. `null`), `nullable`, `enum`, `properties`/`required`,
 * `additionalProperties`, `items`, `minItems`, `maxLength`, `pattern`, `allOf`/`anyOf`/`oneOf`.
 *
 * `oneOf` is checked as "at least one variant matches": the gateway's own schema lists overlapping
 * variants (a multiSend `CustomTransactionInfo` also matches `MultiSendTransactionInfo`), so the strict
 * "exactly one" rule would reject the gateway's real responses. Unknown keywords (`format`, `example`, …)
 * are annotations here and ignored.
 */
export function checkAgainstSchema(
  doc: OpenApiDocument,
  schema: SchemaObject,
  value: unknown,
): SchemaIssue[] {
  const issues: SchemaIssue[] = []
  check(doc, schema, value, '$', issues)
  return issues
}

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (typeof value === 'number' && Number.isInteger(value)) return 'integer'
  return typeof value
}

function matchesType(type: string, value: unknown): boolean {
  switch (type) {
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value)
    case 'array':
      return Array.isArray(value)
    case 'string':
      return typeof value === 'string'
    case 'number':
      return typeof value === 'number' && Number.isFinite(value)
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value)
    case 'boolean':
      return typeof value === 'boolean'
    case 'null':
      return value === null
    default:
      return false
  }
}

function check(
  doc: OpenApiDocument,
  schema: SchemaObject,
  value: unknown,
  path: string,
  issues: SchemaIssue[],
): void {
  if (schema.$ref) {
    check(doc, resolveSchemaRef(doc, schema.$ref), value, path, issues)
    return
  }
  if (value === null && schema.nullable === true) return
  if (value === undefined) {
    issues.push({ path, message: 'is missing' })
    return
  }
  if (schema.type && !matchesType(schema.type, value)) {
    issues.push({
      path,
      message: `expected ${schema.type}${schema.nullable ? ' or null' : ''}, got ${describe(value)}`,
    })
    return
  }
  if (schema.enum && !schema.enum.some((allowed) => allowed === value)) {
    issues.push({ path, message: `${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}` })
  }
  if (typeof value === 'string') {
    if (schema.pattern && !new RegExp(schema.pattern, 'u').test(value)) {
      issues.push({ path, message: `does not match ${schema.pattern}` })
    }
    if (schema.maxLength !== undefined && value.length > schema.maxLength) {
      issues.push({ path, message: `is longer than ${schema.maxLength}` })
    }
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) {
      issues.push({ path, message: `has fewer than ${schema.minItems} items` })
    }
    if (schema.items) {
      const items = schema.items
      value.forEach((item, index) => {
        check(doc, items, item, `${path}[${index}]`, issues)
      })
    }
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    checkObject(doc, schema, value as Record<string, unknown>, path, issues)
  }
  for (const part of schema.allOf ?? []) check(doc, part, value, path, issues)
  if (schema.anyOf) checkVariants(doc, schema.anyOf, value, path, issues)
  if (schema.oneOf) checkVariants(doc, schema.oneOf, value, path, issues)
}

function checkObject(
  doc: OpenApiDocument,
  schema: SchemaObject,
  value: Record<string, unknown>,
  path: string,
  issues: SchemaIssue[],
): void {
  for (const name of schema.required ?? []) {
    if (!(name in value) || value[name] === undefined)
      issues.push({ path: `${path}.${name}`, message: 'is missing' })
  }
  for (const [name, child] of Object.entries(value)) {
    const childPath = `${path}.${name}`
    const declared = schema.properties?.[name]
    if (declared) {
      if (child !== undefined) check(doc, declared, child, childPath, issues)
    } else if (schema.additionalProperties === false) {
      issues.push({ path: childPath, message: 'is not allowed' })
    } else if (typeof schema.additionalProperties === 'object') {
      check(doc, schema.additionalProperties, child, childPath, issues)
    }
  }
}

function checkVariants(
  doc: OpenApiDocument,
  variants: SchemaObject[],
  value: unknown,
  path: string,
  issues: SchemaIssue[],
): void {
  const attempts = variants.map((variant) => {
    const found: SchemaIssue[] = []
    check(doc, variant, value, path, found)
    return found
  })
  if (attempts.some((found) => found.length === 0)) return
  // Report the closest variant's problems: usually the one whose `type` discriminator matched.
  const closest = attempts.reduce((best, found) => (found.length < best.length ? found : best))
  issues.push({
    path,
    message: `matches none of ${variants.length} variants; closest: ${formatIssues(closest)}`,
  })
}

export function formatIssues(issues: SchemaIssue[]): string {
  return issues.map((issue) => `${issue.path} ${issue.message}`).join('; ')
}
