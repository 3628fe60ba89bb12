// Applies the saved theme before first paint. A file, not an inline script, so the CSP can forbid inline script.
try {
  var t = localStorage.getItem('maru-theme');
  if (t === 'dark' || t === 'light') document.documentElement.dataset.theme = t;
} catch (e) {}
