/** Paths outside /user that need no login (spec 1 §2, spec 3 §2.8). */
export const publicPaths = {
  login: '/login',
  signup: '/signup',
  forgot: '/forgot',
  changeRecoverPassword: '/changerecoverpassword/:token',
  setPassword: '/setpassword/:token',
  /** The sign-up's confirmation link. */
  verifyEmail: '/verifyemail/:token',
  guestUser: '/guestuser/:token',
  socialAnalytics: '/socialanalytics',
  insightsOverview: '/insights/overview',
  insightsTrends: '/insights/trends',
  /** The Similarity tab of the public page (ours: the spec routes only Overview and Trends). */
  insightsSimilarity: '/insights/similarity',
  /** The insights login (spec 3 §2.7): only the known codes open it. */
  getInsights: '/getinsights/:code',
  pageNotFound: '/user/PageNotFound',
  /** The built-in test payment provider's hosted page (brief §4): a stand-in for GoCardless's. */
  testPaymentPage: '/payments/test-provider/:flowId',
  /** The public card-network pages (spec 3 §2.8); the branch page's id is one sign-up's, unguessable. */
  amexDining: '/amexdining',
  amexSignup: '/amexsignup',
  amexDiningSignup: '/amexdiningsignup',
  amexDiningBranch: '/amexdiningbranch/:id',
  /** Where /amexsignup lands once a sign-in link is mailed: the guest user page without a token. */
  guestLinkSent: '/guestuser',
} as const;
