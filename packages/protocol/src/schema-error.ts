import * as z from 'zod/mini'

/**
 * Input that does not fit one of the protocol's schemas. `field` is the JSON path of the first bad
 * part from a named root (`SIGNET_WALLETS[0].downloadUrls.chrome`, `chains[1].id`), `problem` what is
 * wrong with it ("expected an https: URL, got "http://…""); the message is `field: problem`.
 */
export class SchemaError extends Error {
  override name = 'SchemaError'
  constructor(
    readonly field: string,
    readonly problem: string,
  ) {
    super(`${field}: ${problem}`)
  }
}

/**
 * Parses `input` with `schema`, or throws a {@link SchemaError} for its first issue with the path
 * written from `root`.
 *
 * @example parseWithSchema(walletDescriptorsSchema, JSON.parse(text), 'SIGNET_WALLETS')
 */
export function parseWithSchema<T extends z.ZodMiniType>(
  schema: T,
  input: unknown,
  root: string,
): z.output<T> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  if (!issue) throw new SchemaError(root, 'is invalid')
  // An unknown key is reported on its object; name the key itself.
  const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0] ?? ''] : issue.path
  throw new SchemaError(jsonPath(root, path), issue.message)
}

function jsonPath(root: string, path: readonly PropertyKey[]): string {
  const field = path.reduce<string>(
    (field, key) => (typeof key === 'number' ? `${field}[${key}]` : `${field && `${field}.`}${String(key)}`),
    root,
  )
  return field || 'the value'
}

/** A value as it appears in an error: JSON, cut to 60 characters; `nothing` for a missing one. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing'
  const json = JSON.stringify(value)
  return json.length > 60 ? `${json.slice(0, 57)}...` : json
}

/** The error of a schema that wants `what`: `expected <what>, got <the value>`. */
export function expected(what: string) {
  return { error: (issue: { input?: unknown }) => `expected ${what}, got ${describeValue(issue.input)}` }
}

/**
 * A check that no two items of a list share `key`; the second is reported at `[index].key` as
 * `repeats <what> <value>`.
 *
 * @example z.array(chain).check(distinctBy('id', 'chain id'))
 */
export function distinctBy<Item extends Record<Key, string | number>, Key extends string>(
  key: Key,
  what: string,
) {
  return z.superRefine<Item[]>((items, context) => {
    const seen = new Set<unknown>()
    for (const [index, item] of items.entries()) {
      const value = item[key]
      if (seen.has(value))
        context.issues.push({
          code: 'custom',
          input: value,
          path: [index, key],
          message: `repeats ${what} ${JSON.stringify(value)}`,
        })
      seen.add(value)
    }
  })
}
