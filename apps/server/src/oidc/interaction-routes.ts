import type { HttpBindings } from '@hono/node-server'
import { signInStatement } from '@signet/protocol/auth-api'
import {
  type InteractionDetails,
  interactionLoginRequestSchema,
  safeSignInRequestSchema,
} from '@signet/protocol/oidc-interaction-api'
import { type Context, Hono } from 'hono'
import type Provider from 'oidc-provider'
import { auditSignIn, type HttpAudit } from '../audit/http-audit.ts'
import { sessionBody } from '../auth/session-response.ts'
import { type SignInContext, signIn } from '../auth/sign-in.ts'
import { deviceCodeGrantType } from '../config/oidc-config.ts'
import { InvalidRequestError, SignetError } from '../errors.ts'
import { readJsonBody } from '../request/json-body.ts'
import { enforceRateLimit, type RateLimiter } from '../request/rate-limit.ts'
import { annotateRequestLog, type RequestLogEnv, shortAddress } from '../request/request-log.ts'
import { readSessionCookie, setSessionCookie } from '../request/session-cookie.ts'
import { watchSafe } from '../safe-watch/watched-safes.ts'
import { parseSiweMessage } from '../siwe/parse.ts'
import { caip10AccountId } from '../store/account-match.ts'
import { findSession, type Session } from '../store/session-store.ts'
import { type OidcAccount, readSafeDetails, saveOidcAccount } from './oidc-account.ts'
import { oidcMountPath } from './oidc-provider.ts'
import { consumeSafeCompletion, hasSafeCompletion, saveSafeCompletion } from './safe-completion.ts'

export type InteractionRoutesOptions = SignInContext & {
  /** The provider answering now: each process rebuilds it when the signing keys change. */
  provider: () => Provider
  appName: string
  secure: boolean
  /** How long a grant lives (seconds): a Safe signed in through the provider is watched that long. */
  oidcGrantTtlSeconds: number
  verifyLimit?: { limiter: RateLimiter; clientKey: (c: Context) => string }
  audit?: HttpAudit
}

type InteractionEnv = RequestLogEnv

/**
 * What a signed message's `Resources` name for a device's request (RFC 8628), which has no redirect URI:
 * Signet's device page, for this application. Bound to the client like a redirect URI is.
 *
 * @example deviceSignInResource('https://signet.example.com', 'cli') // …/oidc/device?client_id=cli
 */
function deviceSignInResource(origin: string, clientId: string): string {
  return `${origin}${oidcMountPath}/device?client_id=${encodeURIComponent(clientId)}`
}

/** The Node request and response under Hono (@hono/node-server): the provider reads its cookies there. */
function nodeBindings(c: Context): [HttpBindings['incoming'], HttpBindings['outgoing']] {
  const env = c.env as HttpBindings
  return [env.incoming, env.outgoing]
}

/**
 * Signet's side of an authorization request (mounted at `/oidc/interaction`, where the provider's
 * interaction cookie is sent): the page is the web app (`GET /:uid`); its JSON calls are
 * `GET /:uid/details`, `POST /:uid/login` (a signed SIWE message), `POST /:uid/continue` (the Signet
 * session of this browser), `POST /:uid/consent`, `POST /:uid/abort`, and for a Safe whose owners confirm
 * over hours `POST /safe-sign-in` (its completed pending sign-in, kept for the application) and
 * `POST /:uid/safe-completion` (a later request finishing with it, once). Each step answers
 * `{redirectTo}`; the page then goes back to the provider, which continues the authorization.
 */
export function interactionRoutes(options: InteractionRoutesOptions): Hono<InteractionEnv> {
  const routes = new Hono<InteractionEnv>()
  const { provider } = options
  const now = () => options.now?.() ?? Date.now()

  const details = async (c: Context<InteractionEnv>) => {
    let interaction: Awaited<ReturnType<Provider['interactionDetails']>>
    try {
      interaction = await provider().interactionDetails(...nodeBindings(c))
    } catch {
      throw new SignetError(
        'interaction_not_found',
        404,
        'This sign-in request expired or was already finished; start again from the application.',
      )
    }
    if (interaction.uid !== c.req.param('uid'))
      throw new SignetError(
        'interaction_not_found',
        404,
        'This sign-in request is not the one of this browser.',
      )
    const clientId = String(interaction.params.client_id)
    const client = await provider().Client.find(clientId)
    if (!client)
      throw new SignetError('interaction_not_found', 404, `The application ${clientId} is unknown.`)
    // A device's request (RFC 8628) has no redirect URI: its proof names Signet's device page instead.
    const redirectUri = interaction.deviceCode ? null : String(interaction.params.redirect_uri)
    const resource = redirectUri ?? deviceSignInResource(options.origin, client.clientId)
    return { interaction, client, redirectUri, resource }
  }

  /** Every resource a message for `client` may name: its redirect URIs, and its device page if it has the grant. */
  const resourcesOf = (client: {
    clientId: string
    redirectUris?: readonly string[] | undefined
    grantTypes?: readonly string[] | undefined
  }) => [
    ...(client.redirectUris ?? []),
    ...(client.grantTypes?.includes(deviceCodeGrantType)
      ? [deviceSignInResource(options.origin, client.clientId)]
      : []),
  ]

  const forbidCrossOrigin = (c: Context) => {
    const origin = c.req.header('Origin')
    if (origin !== undefined && origin !== options.origin)
      throw new SignetError('forbidden_origin', 403, `Requests from ${origin} are not accepted.`)
  }

  const currentSession = async (c: Context): Promise<Session | undefined> => {
    const token = readSessionCookie(c)
    return token ? findSession(options.db, token, now()) : undefined
  }

  /** Records what the session's account proved (a Safe's owners, threshold and version as they are now). */
  const recordAccount = async (session: Session): Promise<OidcAccount> => {
    const account: OidcAccount = {
      accountId: caip10AccountId(session.chainId, session.address),
      address: session.address,
      chainId: session.chainId,
      accountType: session.accountType,
      signedInAt: session.issuedAt,
    }
    if (session.accountType !== 'eoa') {
      const safe = await readSafeDetails(options.clientFor(session.chainId), session.address)
      if (safe) account.safe = safe
      // The grant and tokens this login makes outlive the Signet session: watched as long as they live.
      await watchSafe(
        options.db,
        {
          chainId: session.chainId,
          address: session.address,
          until: now() + options.oidcGrantTtlSeconds * 1000,
        },
        now(),
      )
    }
    await saveOidcAccount(options.db, account)
    return account
  }

  /** Finishes the login step as the account, signed in at `authTime` (ms). */
  const finishLogin = async (c: Context<InteractionEnv>, accountId: string, authTime: number) => {
    const redirectTo = await provider().interactionResult(...nodeBindings(c), {
      login: { accountId, ts: Math.floor(authTime / 1000), remember: true },
    })
    return redirectTo
  }

  /** Verifies a signed message made for `client` (statement and resources) and opens the Signet session. */
  const signInFor = async (
    c: Context<InteractionEnv>,
    client: { clientId: string; clientName?: string | undefined },
    body: { message: string; signature: string },
    resources: readonly string[],
  ) => {
    const signedIn = await auditSignIn(
      c,
      options.audit,
      { message: body.message, clientId: client.clientId },
      async () => {
        // The proof must be made for this application (its statement names it; its resources list where
        // the proof goes): a message signed for Signet alone, or for another application, does not sign
        // anyone in here (the full SIWE rules follow in signIn).
        const msg = parseSiweMessage(body.message)
        const statement = signInStatement(client.clientName ?? client.clientId)
        if (msg.statement !== statement)
          throw new SignetError('wrong_application', 401, `The message's statement must be "${statement}".`)
        if (!msg.resources?.some((resource) => resources.includes(resource)))
          throw new SignetError(
            'wrong_application',
            401,
            `The message's resources must list ${resources.join(' or ')}.`,
          )
        return signIn(body, options)
      },
    )
    setSessionCookie(c, signedIn.token, signedIn.session, { secure: options.secure, now: now() })
    annotateRequestLog(c, { address: shortAddress(signedIn.session.address) })
    return signedIn
  }

  routes.get('/:uid/details', async (c) => {
    c.header('Cache-Control', 'no-store')
    const { interaction, client, redirectUri, resource } = await details(c)
    const token = readSessionCookie(c)
    const session = token ? await findSession(options.db, token, now()) : undefined
    const scopes = String(interaction.params.scope ?? '')
      .split(' ')
      .filter(Boolean)
    const clientName = client.clientName ?? client.clientId
    return c.json({
      uid: interaction.uid,
      prompt: interaction.prompt.name as InteractionDetails['prompt'],
      client: { id: client.clientId, name: clientName },
      redirectUri,
      resource,
      scopes,
      statement: signInStatement(clientName),
      accountId: interaction.session?.accountId ?? null,
      session: session
        ? { address: session.address, chainId: session.chainId, accountType: session.accountType }
        : null,
      safeCompletion:
        token !== undefined &&
        session !== undefined &&
        (await hasSafeCompletion(options.db, token, client.clientId)),
    })
  })

  routes.post('/:uid/login', async (c) => {
    forbidCrossOrigin(c)
    if (options.verifyLimit)
      await enforceRateLimit(c, options.verifyLimit.limiter, options.verifyLimit.clientKey(c))
    const body = interactionLoginRequestSchema.safeParse(await readJsonBody(c))
    if (!body.success)
      throw new InvalidRequestError('The body must be {"message": "<EIP-4361 text>", "signature": "0x…"}.')
    const { interaction, client, resource } = await details(c)
    if (interaction.prompt.name !== 'login')
      throw new SignetError('wrong_step', 409, 'This sign-in request does not ask for a sign-in now.')
    const { session } = await signInFor(c, client, body.data, [resource])
    const account = await recordAccount(session)
    const redirectTo = await finishLogin(c, account.accountId, session.issuedAt)
    return c.json({ redirectTo, session: sessionBody(session) })
  })

  // A Safe's pending sign-in for an application, once its owners confirmed: not bound to an interaction
  // (the one that started it may be long gone). It opens the Signet session and keeps the completion for
  // the next authorization request of this browser to that application.
  routes.post('/safe-sign-in', async (c) => {
    forbidCrossOrigin(c)
    if (options.verifyLimit)
      await enforceRateLimit(c, options.verifyLimit.limiter, options.verifyLimit.clientKey(c))
    const body = safeSignInRequestSchema.safeParse(await readJsonBody(c))
    if (!body.success)
      throw new InvalidRequestError(
        'The body must be {"clientId": "…", "message": "<EIP-4361 text>", "signature": "0x…"}.',
      )
    const client = await provider().Client.find(body.data.clientId)
    if (!client)
      throw new SignetError('unknown_client', 404, `The application ${body.data.clientId} is unknown.`)
    const { token, session } = await signInFor(c, client, body.data, resourcesOf(client))
    const account = await recordAccount(session)
    await saveSafeCompletion(options.db, {
      token,
      clientId: client.clientId,
      accountId: account.accountId,
      completedAt: session.issuedAt,
    })
    return c.json(sessionBody(session))
  })

  routes.post('/:uid/safe-completion', async (c) => {
    forbidCrossOrigin(c)
    const { interaction, client } = await details(c)
    if (interaction.prompt.name !== 'login')
      throw new SignetError('wrong_step', 409, 'This sign-in request does not ask for a sign-in now.')
    const token = readSessionCookie(c)
    const session = token ? await findSession(options.db, token, now()) : undefined
    const completion =
      token && session ? await consumeSafeCompletion(options.db, token, client.clientId, now()) : undefined
    if (!completion)
      throw new SignetError(
        'no_completed_sign_in',
        409,
        'There is no completed Safe sign-in for this application.',
      )
    return c.json({ redirectTo: await finishLogin(c, completion.accountId, completion.completedAt) })
  })

  routes.post('/:uid/continue', async (c) => {
    forbidCrossOrigin(c)
    const { interaction } = await details(c)
    if (interaction.prompt.name !== 'login')
      throw new SignetError('wrong_step', 409, 'This sign-in request does not ask for a sign-in now.')
    const session = await currentSession(c)
    if (!session) throw new SignetError('no_session', 401, 'There is no live session.')
    const account = await recordAccount(session)
    return c.json({ redirectTo: await finishLogin(c, account.accountId, session.issuedAt) })
  })

  routes.post('/:uid/consent', async (c) => {
    forbidCrossOrigin(c)
    const { interaction } = await details(c)
    if (interaction.prompt.name !== 'consent' || !interaction.session?.accountId)
      throw new SignetError('wrong_step', 409, 'This sign-in request does not ask for consent now.')
    const { Grant } = provider()
    const grant = interaction.grantId
      ? await Grant.find(interaction.grantId)
      : new Grant({
          accountId: interaction.session.accountId,
          clientId: String(interaction.params.client_id),
        })
    if (!grant) throw new SignetError('interaction_not_found', 404, 'The grant of this request is gone.')
    const missing = interaction.prompt.details as {
      missingOIDCScope?: string[]
      missingOIDCClaims?: string[]
    }
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '))
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims)
    const grantId = await grant.save()
    await options.audit?.record(c, {
      type: 'oidc.consent',
      account: interaction.session.accountId,
      clientId: String(interaction.params.client_id),
      details: {
        scopes: missing.missingOIDCScope ?? [],
        ...(missing.missingOIDCClaims ? { claims: missing.missingOIDCClaims } : {}),
      },
    })
    const redirectTo = await provider().interactionResult(
      ...nodeBindings(c),
      { consent: interaction.grantId ? {} : { grantId } },
      { mergeWithLastSubmission: true },
    )
    return c.json({ redirectTo })
  })

  routes.post('/:uid/abort', async (c) => {
    forbidCrossOrigin(c)
    await details(c)
    const redirectTo = await provider().interactionResult(
      ...nodeBindings(c),
      { error: 'access_denied', error_description: 'The user declined the sign-in.' },
      { mergeWithLastSubmission: false },
    )
    return c.json({ redirectTo })
  })
  return routes
}
