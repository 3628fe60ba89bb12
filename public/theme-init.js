// Applies the saved theme before first paint. A file, not an inline script, so the CSP can forbid inline script.
// The `js` class lets the stylesheet hide what only script turns into something else (a diagram's source).
document.documentElement.classList.add('js');
try {
  var t = localStorage.getItem('maru-theme');
  if (t === 'dark' || t === 'light') document.documentElement.dataset.theme = t;
} catch (e) {}
