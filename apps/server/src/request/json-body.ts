import type { Context } from 'hono'
import { InvalidRequestError } from '../errors.ts'

/** The request's JSON body; a body that is not JSON is a 400 `invalid_request`, never a 500. */
export async function readJsonBody(c: Context): Promise<unknown> {
  try {
    return await c.req.json()
  } catch {
    throw new InvalidRequestError('The body must be JSON.')
  }
}
