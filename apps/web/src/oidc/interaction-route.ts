// Kept free of dependencies: the first paint needs to know it is a sign-in for an application.

/** `/oidc/interaction/<uid>`: an application's sign-in request, served by Signet's own app. */
const interactionPathPattern = /^\/oidc\/interaction\/([A-Za-z0-9_-]{1,100})\/?$/

/** The interaction id of an application's sign-in page, or undefined for any other page. */
export function oidcInteractionUid(pathname: string): string | undefined {
  return interactionPathPattern.exec(pathname)?.[1]
}
