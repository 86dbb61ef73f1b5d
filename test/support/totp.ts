// A two-factor code that is wrong whatever the clock: the server accepts the code of the step before,
// the current one and the one after (api/src/accounts/totp.ts), judged at its own time, a moment after
// the test's. '000000' alone is one of those about once in 330,000 runs.

/**
 * Six digits that no step from two before to three after `epochSeconds` produces: none the server can
 * accept while the test sends it. `codeAt` is the account's code at a moment (otplib's `generate` with
 * its secret, in the caller, which has otplib).
 */
export async function wrongTotpCode(codeAt: (epochSeconds: number) => Promise<string>, epochSeconds = Math.floor(Date.now() / 1000)): Promise<string> {
  const near = new Set(await Promise.all([-2, -1, 0, 1, 2, 3].map((step) => codeAt(epochSeconds + step * 30))));
  // Ten candidates, at most six of them taken.
  return ['000000', '111111', '222222', '333333', '444444', '555555', '666666', '777777', '888888', '999999'].find((code) => !near.has(code))!;
}
