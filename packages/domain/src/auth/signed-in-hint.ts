/**
 * A cookie the page's script may read, set and cleared beside the HttpOnly session cookie: it
 * says a session was started in this browser, so /user/* may draw the signed-in area's frame while
 * the session is checked. It carries no secret and grants nothing; without it a visitor sees a
 * loader, then /login, never the frame of an area they are not in.
 */
export const signedInHintCookieName = 'krowd_signed_in';
