/**
 * Runs `callback` once the browser has painted the current frame: a frame callback runs before
 * the paint, a task queued from it runs after. Returns a function that cancels it.
 */
export function afterNextPaint(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(callback);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * Runs `callback` once the page's first contentful paint is on screen, at once if it already is.
 * A frame callback can run before a busy browser shows the frame; the paint entry comes after.
 * Where the browser reports no paints, after the next frame instead.
 */
export function afterFirstContentfulPaint(callback: () => void): void {
  if (
    typeof PerformanceObserver === 'undefined' ||
    !PerformanceObserver.supportedEntryTypes?.includes('paint')
  ) {
    afterNextPaint(callback);
    return;
  }
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    callback();
  });
  observer.observe({ type: 'paint', buffered: true });
}
