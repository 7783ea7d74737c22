import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import {
  call,
  createTestApp,
  createTestClock,
  days,
  demoIds,
  hours,
  linkToken,
  loginAs,
  minutes,
  type App,
  type SignedIn,
  type TestApp,
} from '../../test/test-app.ts';

/**
 * Session lifetimes: 30 minutes idle and 12 hours absolute (the defaults). The app runs on a clock
 * the tests move by hand; it only ever moves forward, so each test signs in for itself.
 */
const clock = createTestClock();
let testApp: TestApp;
let app: App;

beforeAll(async () => {
  testApp = await createTestApp({ clock: clock.now, env: { AUTH_RATE_LIMIT_PER_IP: '100000' } });
  app = testApp.app;
});

afterAll(async () => {
  await testApp?.close();
});

const ownDetails = (signedIn: SignedIn) =>
  call(app, { url: `/api/users/${signedIn.details._id}`, token: signedIn.token });

describe('a session', () => {
  it('goes on while it is used', async () => {
    const signedIn = await loginAs(app, 'user@demo.test');

    clock.advance(minutes(29));

    expect((await ownDetails(signedIn)).statusCode).toBe(200);
  });

  it('ends after SESSION_IDLE_MINUTES without a request, answering 401 Session expired', async () => {
    const signedIn = await loginAs(app, 'user@demo.test');

    clock.advance(minutes(31));
    const response = await ownDetails(signedIn);

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      code: 'unauthenticated',
      errorMessage: messages.common.sessionExpired,
    });
  });

  it('stays ended once it has expired, even if the clock were to allow it again', async () => {
    const signedIn = await loginAs(app, 'user@demo.test');
    clock.advance(minutes(31));
    await ownDetails(signedIn);

    const ended = await testApp.db
      .selectFrom('sessions')
      .select('ended_at')
      .where('user_id', '=', signedIn.details._id)
      .where('ended_at', 'is not', null)
      .execute();

    expect(ended.length).toBeGreaterThan(0);
    expect((await ownDetails(signedIn)).statusCode).toBe(401);
  });

  it('counts idle time from the last request, not from login', async () => {
    const signedIn = await loginAs(app, 'brandadmin@demo.test');

    clock.advance(minutes(20));
    expect((await ownDetails(signedIn)).statusCode).toBe(200);
    clock.advance(minutes(20));
    expect((await ownDetails(signedIn)).statusCode).toBe(200);
    clock.advance(minutes(20));

    expect((await ownDetails(signedIn)).statusCode).toBe(200);
  });

  it('ends 12 hours after login however busy it is', async () => {
    const signedIn = await loginAs(app, 'companyadmin@demo.test');
    // 35 requests 20 minutes apart: 11 h 40 min, never idle for long.
    for (let i = 0; i < 35; i += 1) {
      clock.advance(minutes(20));
      expect((await ownDetails(signedIn)).statusCode).toBe(200);
    }

    clock.advance(minutes(20));
    const response = await ownDetails(signedIn);

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      code: 'unauthenticated',
      errorMessage: messages.common.sessionExpired,
    });
  });

  it('ending for one user leaves another user’s session alone', async () => {
    const idle = await loginAs(app, 'user@demo.test');
    clock.advance(minutes(20));
    const busy = await loginAs(app, 'bank@demo.test');
    clock.advance(minutes(15));

    expect((await ownDetails(idle)).statusCode).toBe(401);
    expect((await ownDetails(busy)).statusCode).toBe(200);
  });

  it('answers the browser’s session check with details null once expired', async () => {
    const signedIn = await loginAs(app, 'user@demo.test');
    clock.advance(hours(1));

    const response = await call(app, { url: '/api/auth/session', token: signedIn.token });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ respCode: 200, details: null });
  });
});

describe('a guest link', () => {
  const guestLink = async () => {
    const { userId } = await demoIds(testApp.db);
    return linkToken(await app.services.auth.issueLink(userId('guest@demo.test'), 'guest_login'));
  };

  it('still logs the guest in on its seventh day', async () => {
    const token = await guestLink();
    clock.advance(days(7) - minutes(1));

    const response = await call(app, { url: `/api/users/checkGuestUser?token=${token}` });

    expect(response.statusCode).toBe(200);
  });

  it('is refused once 7 days have passed', async () => {
    const token = await guestLink();
    clock.advance(days(7) + minutes(1));

    const response = await call(app, { url: `/api/users/checkGuestUser?token=${token}` });

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      code: 'unauthenticated',
      errorMessage: messages.auth.guestLinkInvalid,
    });
  });
});

describe('SESSION_IDLE_MINUTES', () => {
  it('shortens the idle limit when set lower', async () => {
    const shortClock = createTestClock();
    const short = await createTestApp({ clock: shortClock.now, env: { SESSION_IDLE_MINUTES: '5' } });
    try {
      const signedIn = await loginAs(short.app, 'user@demo.test');
      const details = () =>
        call(short.app, { url: `/api/users/${signedIn.details._id}`, token: signedIn.token });

      shortClock.advance(minutes(4));
      expect((await details()).statusCode).toBe(200);
      shortClock.advance(minutes(6));
      const response = await details();

      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        code: 'unauthenticated',
        errorMessage: messages.common.sessionExpired,
      });
    } finally {
      await short.close();
    }
  });
});
