/** The codes of the insights links handed out (spec 3 §2.7: /getinsights/6aacdxmr6, exact). */
export const insightsLoginCodes: readonly string[] = ['6aacdxmr6'];

export function isInsightsLoginCode(code: string | undefined): boolean {
  return code !== undefined && insightsLoginCodes.includes(code);
}
