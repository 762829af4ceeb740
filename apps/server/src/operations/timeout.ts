/** A promise's value, or a rejection with `TimeoutError` after `ms` (the work itself goes on). */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new OperationsTimeoutError(`no answer within ${ms} ms`)), ms)
    timer.unref()
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/** A probe or a scrape that did not get its answer in time. */
export class OperationsTimeoutError extends Error {
  override name = 'OperationsTimeoutError'
}
