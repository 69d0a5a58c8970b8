/* global document, window, localStorage, fetch */
/*
 * Runs before the app (a plain script from this origin: the CSP forbids inline scripts).
 * Applies the colour scheme of the `Meridian-theme` cookie (or the device's, for "system") to
 * <html>, and the initial loader's colours saved by the app: the surface as background and
 * the primary as colour (spec section 4). Anything unexpected keeps the built-in colours.
 * Then starts the requests the app makes first of all, while its code is still arriving (see
 * src/web/lib/early-requests.ts, which hands their answers to the app once).
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

/*
 * The app asks the session on every page load; someone who was signed in (user data kept from
 * the last visit, no explicit logout) is then loaded (GET /api/v1/me, with the stored
 * organisation as the app sends it) and checked by the guard (check-super-admin); an agent's
 * page then asks for that agent. Started here, these answers are back by the time the app's code
 * has run, instead of one after the other after it. The app uses each answer at most once, at
 * start-up, and asks again when one is missing or failed: what the user sees does not change,
 * only when.
 */
(function () {
  function start(url, init) {
    return fetch(url, init).catch(function () {
      return null;
    });
  }
  try {
    var early = {
      session: {
        response: start('/api/auth/get-session', {
          credentials: 'include',
          headers: { Accept: 'application/json' },
        }),
      },
    };
    if (localStorage.getItem('userData') && localStorage.getItem('explicitLogout') !== 'true') {
      var orgId = localStorage.getItem('selectedOrgId');
      var headers = { Accept: 'application/json' };
      if (orgId) headers['X-Organization-Id'] = orgId;
      early.me = {
        orgId: orgId || null,
        response: start('/api/v1/me', { credentials: 'include', headers: headers }),
      };
      // The agent builder, the heaviest page to open, waits for its agent before it can show.
      var agent = /^\/agents\/([0-9a-f-]{36})\/?$/i.exec(window.location.pathname);
      if (agent && orgId) {
        early.agent = {
          orgId: orgId,
          key: agent[1],
          response: start('/api/v1/agents/' + agent[1], {
            credentials: 'include',
            headers: headers,
          }),
        };
      }
      early.superAdmin = {
        response: start('/api/functions/check-super-admin', {
          method: 'POST',
          credentials: 'include',
          headers: { Accept: 'application/json' },
        }),
      };
    }
    window.__meridianEarly = early;
  } catch {
    // storage or fetch unavailable: the app asks for itself
  }
})();
