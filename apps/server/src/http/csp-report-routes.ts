import { type Context, Hono } from 'hono'
import type { Logger } from 'pino'
import { z } from 'zod'
import { InvalidRequestError } from '../errors.ts'
import { readJsonBody } from '../request/json-body.ts'
import { enforceRateLimit, type RateLimiter } from '../request/rate-limit.ts'
import type { RequestLogEnv } from '../request/request-log.ts'

export type CspReportRoutesOptions = {
  log: Logger
  /** Per-client limit; none when rate limits are off. */
  limit?: { limiter: RateLimiter; clientKey: (c: Context) => string }
}

const text = z.string().max(2000).optional()
const line = z.number().int().nonnegative().optional()

/** `report-uri`'s body (`application/csp-report`): one violation, hyphenated names. */
const legacyReport = z.object({
  'csp-report': z.object({
    'document-uri': text,
    'blocked-uri': text,
    'effective-directive': text,
    'violated-directive': text,
    'source-file': text,
    'line-number': line,
    disposition: text,
  }),
})

/** The Reporting API's body (`application/reports+json`): a list of reports, CSP ones among them. */
const reportingApiReports = z
  .array(
    z.object({
      type: z.string().max(100),
      body: z
        .object({
          documentURL: text,
          blockedURL: text,
          effectiveDirective: text,
          sourceFile: text,
          lineNumber: line,
          disposition: text,
        })
        .optional(),
    }),
  )
  .max(100)

/** One violation as the server logs it. */
type CspViolation = {
  directive: string | undefined
  blocked: string | undefined
  document: string | undefined
  source: string | undefined
  disposition: string | undefined
}

/**
 * `POST /` — where browsers report what the Content Security Policy blocked, in either format
 * (`report-uri` or the Reporting API's `report-to`). Each violation is logged as a warning so an
 * operator sees what the policy stops; the answer is 204 and carries nothing back.
 *
 * @example app.route('/api/csp-report', cspReportRoutes({ log }))
 */
export function cspReportRoutes(options: CspReportRoutesOptions): Hono<RequestLogEnv> {
  const routes = new Hono<RequestLogEnv>()
  routes.post('/', async (c) => {
    if (options.limit) await enforceRateLimit(c, options.limit.limiter, options.limit.clientKey(c))
    const violations = readViolations(await readJsonBody(c))
    for (const violation of violations)
      options.log.warn({ cspViolation: violation }, 'content security policy violation')
    return c.body(null, 204)
  })
  return routes
}

function readViolations(body: unknown): CspViolation[] {
  const legacy = legacyReport.safeParse(body)
  if (legacy.success) {
    const report = legacy.data['csp-report']
    return [
      {
        directive: report['effective-directive'] ?? report['violated-directive'],
        blocked: report['blocked-uri'],
        document: report['document-uri'],
        source: report['source-file'] && `${report['source-file']}:${report['line-number'] ?? 0}`,
        disposition: report.disposition,
      },
    ]
  }
  const reports = reportingApiReports.safeParse(body)
  if (reports.success) {
    return reports.data.flatMap(({ type, body }) =>
      type === 'csp-violation' && body
        ? [
            {
              directive: body.effectiveDirective,
              blocked: body.blockedURL,
              document: body.documentURL,
              source: body.sourceFile && `${body.sourceFile}:${body.lineNumber ?? 0}`,
              disposition: body.disposition,
            },
          ]
        : [],
    )
  }
  throw new InvalidRequestError(
    'The body must be a CSP violation report: {"csp-report": {…}} or a Reporting API list of reports.',
  )
}
