/** Where `npm run build` writes the one-file verifier (ledger/dist/verifier/titleledger-verify.mjs). */
export const VERIFIER_BUNDLE: string;
