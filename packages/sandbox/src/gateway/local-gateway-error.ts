/**
 * An error the local gateway answers with, in the real gateway's error body shape `{ code, message }`
 * (the code is the HTTP status, as the gateway does for errors of the transaction service).
 */
export class LocalGatewayError extends Error {
  readonly status: 400 | 404 | 422 | 503
  constructor(status: 400 | 404 | 422 | 503, message: string) {
    super(message)
    this.name = 'LocalGatewayError'
    this.status = status
  }

  get body(): { code: number; message: string } {
    return { code: this.status, message: this.message }
  }
}

export const notFound = (message: string) => new LocalGatewayError(404, message)
export const unprocessable = (message: string) => new LocalGatewayError(422, message)
export const badRequest = (message: string) => new LocalGatewayError(400, message)
