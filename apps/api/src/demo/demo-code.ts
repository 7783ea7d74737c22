import { totpCodeAt } from '../modules/auth/multi-factor.ts';
import { demoAdminEmail, demoAdminTotpSecret } from './demo-data.ts';

/**
 * `npm run demo:code`: the demo system admin's current two-step sign-in code, for signing in to the
 * demo without an authenticator app (README 'Demo accounts').
 */
const now = new Date();
const secondsLeft = 30 - (Math.floor(now.getTime() / 1000) % 30);
console.log(`${demoAdminEmail}: ${totpCodeAt(demoAdminTotpSecret, now)} (changes in ${secondsLeft} s)`);
