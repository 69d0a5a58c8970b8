/* global document, window, localStorage */
/*
 * Runs before the app (a plain script from this origin: the CSP forbids inline scripts).
 * Applies the colour scheme of the `Meridian-theme` cookie (or the device's, for "system") to
 * <html>, and the initial loader's colours saved by the app: the surface as background and
 * the primary as colour (spec section 4). Anything unexpected keeps the built-in colours.
 */
(function () {
  var PREFIX = 'Meridian-';
  var HEX = /^#[0-9a-f]{6}$/i;
  function cookie(name) {
    var parts = document.cookie ? document.cookie.split(';') : [];
    for (var i = 0; i < parts.length; i += 1) {
      var part = parts[i].replace(/^\s+/, '');
      if (part.indexOf(name + '=') === 0) {
        try {
          return decodeURIComponent(part.slice(name.length + 1));
        } catch {
          return null;
        }
      }
    }
    return null;
  }
  try {
    var root = document.documentElement;
    var theme = cookie(PREFIX + 'theme');
    var scheme = theme === 'light' || theme === 'dark' ? theme : null;
    if (!scheme) {
      var dark = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches;
      scheme = dark ? 'dark' : 'light';
    }
    root.setAttribute('data-mui-color-scheme', scheme);
    root.style.colorScheme = scheme;
    // The saved colours belong to the scheme in effect when they were saved.
    if (cookie(PREFIX + 'color-scheme') === scheme) {
      var background = localStorage.getItem(PREFIX + 'initial-loader-bg');
      var color = localStorage.getItem(PREFIX + 'initial-loader-color');
      if (background && HEX.test(background)) {
        root.style.setProperty('--initial-loader-bg', background);
      }
      if (color && HEX.test(color)) root.style.setProperty('--initial-loader-color', color);
    }
  } catch {
    // storage or cookies unavailable: built-in colours
  }
})();
