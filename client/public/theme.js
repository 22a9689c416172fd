// Runs before the first paint (inlined into index.html by the build, allowed by its hash in
// the CSP; offline.html loads this file):
// the reader's choice from the theme switch (client/lib/theme.ts), else the system's.
(() => {
  const media = matchMedia('(prefers-color-scheme: dark)');
  const apply = () => {
    let choice = null;
    try {
      choice = localStorage.getItem('lisons-theme');
    } catch {}
    const dark = choice === 'dark' || (choice !== 'light' && media.matches);
    document.documentElement.classList.toggle('dark', dark);
  };
  apply();
  media.addEventListener('change', apply);
  window.addEventListener('storage', apply);
})();
