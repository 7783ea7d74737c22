import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstContentfulPaint, afterNextPaint } from './after-next-paint.ts';

describe('afterNextPaint', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'clearTimeout'],
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs the callback after the next frame, not within it', () => {
    const callback = vi.fn();
    afterNextPaint(callback);
    expect(callback).not.toHaveBeenCalled();

    vi.advanceTimersToNextFrame();
    expect(callback).not.toHaveBeenCalled();

    vi.runOnlyPendingTimers();
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('runs nothing once cancelled, before or after the frame', () => {
    const early = vi.fn();
    const late = vi.fn();
    afterNextPaint(early)();
    const cancelLate = afterNextPaint(late);
    vi.advanceTimersToNextFrame();
    cancelLate();

    vi.runAllTimers();
    expect(early).not.toHaveBeenCalled();
    expect(late).not.toHaveBeenCalled();
  });
});

describe('afterFirstContentfulPaint', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('runs the callback once the first contentful paint is reported, not for an earlier paint', () => {
    let report: (names: string[]) => void = () => undefined;
    const disconnect = vi.fn();
    class FakeObserver {
      static supportedEntryTypes = ['paint'];
      constructor(listener: (entries: { getEntriesByName: (name: string) => unknown[] }) => void) {
        report = (names) =>
          listener({ getEntriesByName: (name) => names.filter((reported) => reported === name) });
      }
      observe() {}
      disconnect = disconnect;
    }
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    const callback = vi.fn();

    afterFirstContentfulPaint(callback);
    report(['first-paint']);
    expect(callback).not.toHaveBeenCalled();

    report(['first-contentful-paint']);
    expect(callback).toHaveBeenCalledTimes(1);
    expect(disconnect).toHaveBeenCalled();
  });
});
