// Constants the build writes into the code (vite.config.ts `define`).

/** The year the web app was built. */
declare const __BUILD_YEAR__: number;
