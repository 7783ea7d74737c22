const profileUpdatePath = /^(\/api\/users\/[^/?#]+)(\?[^#]*)$/;

/**
 * The spec's profile update is `PUT users/{id}?type=profile&response=true`, on the path the Users
 * screen updates a user by. The two differ in payload, rules and capability, so the profile update
 * is served by a route of its own, `PUT users/{id}/profile`, and this (the API's rewriteUrl) sends
 * the spec's form of the call there. Any other URL is answered as it is. In the domain so the web
 * tests' stubbed API (stub-api.ts) holds such a call to the route that really answers it.
 */
export function rewriteProfileUpdateUrl(method: string | undefined, url: string | undefined): string {
  if (method !== 'PUT' || !url) return url ?? '/';
  const match = profileUpdatePath.exec(url);
  if (!match || new URLSearchParams(match[2]).get('type') !== 'profile') return url;
  return `${match[1]}/profile${match[2]}`;
}
