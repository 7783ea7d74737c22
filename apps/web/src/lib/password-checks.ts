/**
 * The password rule's heavy half (the leaked-password list and zxcvbn-ts's strength estimate,
 * @krowd/domain auth/password-checks.ts), loaded apart by the forms that set a password, so /login
 * never carries it (decision 0039's 170 KB). Once loaded, the domain's schemas check a new password
 * in the browser exactly as the server does.
 */
let loading: Promise<void> | undefined;

export function loadPasswordChecks(): Promise<void> {
  loading ??= import('@krowd/domain/auth/password-checks').then(
    ({ installPasswordChecks }) => installPasswordChecks(),
    () => {
      // Offline or a deploy replaced the chunk: the form checks what it can, the server the rest;
      // the next validation tries again.
      loading = undefined;
    },
  );
  return loading;
}
