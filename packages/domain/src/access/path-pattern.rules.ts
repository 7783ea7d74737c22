/**
 * A route pattern ('/user/campaigns/print/:id/:start_date?') with its parameters filled in and its
 * optional ones left out when not given. `what` names the caller in the errors.
 */
export function filledPath(pattern: string, params: Record<string, string>, what: string): string {
  let skipped: string | undefined;
  return pattern
    .split('/')
    .flatMap((segment) => {
      if (!segment.startsWith(':')) return [segment];
      const name = segment.replace(/^:/, '').replace(/\?$/, '');
      const value = params[name];
      if (value !== undefined) {
        // A value after a left-out optional segment would land in that segment's place.
        if (skipped) throw new Error(`${what} needs ${skipped} before ${name}`);
        return [encodeURIComponent(value)];
      }
      if (segment.endsWith('?')) {
        skipped = name;
        return [];
      }
      throw new Error(`${what} needs the parameter ${name}`);
    })
    .join('/');
}
