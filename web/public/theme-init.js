// Applies the stored theme before first paint so a dark-theme visitor never sees a light flash.
// A file, not an inline script: the Content-Security-Policy allows scripts from our origin only.
// Mirrors src/lib/theme.ts (key and values); keep the two in step.
(function () {
  try {
    var stored = localStorage.getItem('titleledger-theme');
    var theme = stored === 'dark' || stored === 'system' ? stored : 'light';
    var dark = theme === 'dark' || (theme === 'system' && matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  } catch {
    // Storage blocked (private mode, policy): keep the light default.
  }
})();
