import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  emailDomain,
  initTagManager,
  sanitizeParams,
  tagManagerScriptUrl,
  track,
  trackError,
  trackPageView,
  validateTagManagerId,
  type DataLayer,
} from './tag-manager';

/** The smallest document initTagManager needs: the DOM is the environment here, not the subject. */
function fakeDocument() {
  const scripts: { async: boolean; src: string }[] = [];
  return {
    scripts,
    doc: {
      createElement: () => ({ async: false, src: '' }),
      head: { appendChild: (node: { async: boolean; src: string }) => scripts.push(node) },
      querySelector: (selector: string) =>
        scripts.find((script) => selector === `script[src="${script.src}"]`) ?? null,
    } as unknown as Pick<Document, 'createElement' | 'head' | 'querySelector'>,
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('validateTagManagerId', () => {
  it.each(['GTM-ABC123', 'G-XYZ9', 'GTM-1', 'G-A'])('accepts %s', (id) => {
    expect(validateTagManagerId(id)).toBe(id);
  });

  it.each([
    '',
    'GTM-',
    'G-',
    'gtm-ABC',
    'GTM-abc',
    'UA-12345',
    'GTM-AB C',
    'GTM-AB-C',
    'XGTM-A',
    'GTM-A\n',
  ])('throws for %j', (id) => {
    expect(() => validateTagManagerId(id)).toThrow(/Invalid tag manager id/);
  });
});

describe('tagManagerScriptUrl', () => {
  it('loads the GTM container for a GTM- id and the Google tag for a G- id', () => {
    expect(tagManagerScriptUrl('GTM-AB12')).toBe(
      'https://www.googletagmanager.com/gtm.js?id=GTM-AB12',
    );
    expect(tagManagerScriptUrl('G-AB12')).toBe(
      'https://www.googletagmanager.com/gtag/js?id=G-AB12',
    );
  });
});

describe('initTagManager', () => {
  it('does nothing without an id', () => {
    const dataLayer: DataLayer = [];
    const { doc, scripts } = fakeDocument();
    expect(initTagManager(null, { dataLayer, document: doc })).toBe(false);
    expect(initTagManager('', { dataLayer, document: doc })).toBe(false);
    expect(scripts).toEqual([]);
    expect(dataLayer).toEqual([]);
  });

  it('injects the container script once, async, after pushing gtm.js', () => {
    const dataLayer: DataLayer = [];
    const { doc, scripts } = fakeDocument();
    expect(initTagManager('GTM-ABC123', { dataLayer, document: doc, now: () => 42 })).toBe(true);
    expect(initTagManager('GTM-ABC123', { dataLayer, document: doc, now: () => 43 })).toBe(true);
    expect(scripts).toEqual([
      { async: true, src: 'https://www.googletagmanager.com/gtm.js?id=GTM-ABC123' },
    ]);
    expect(dataLayer).toEqual([{ 'gtm.start': 42, event: 'gtm.js' }]);
  });

  it('reports an invalid id as error_occurred and console.error, without throwing', () => {
    const dataLayer: DataLayer = [];
    const { doc, scripts } = fakeDocument();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(initTagManager('gtm-nope', { dataLayer, document: doc })).toBe(false);
    expect(scripts).toEqual([]);
    expect(consoleError).toHaveBeenCalledOnce();
    expect(dataLayer).toEqual([
      {
        event: 'error_occurred',
        error_type: 'tag_manager_id',
        error_message: expect.stringContaining('Invalid tag manager id'),
      },
    ]);
  });

  it('configures the Google tag for a G- id, and events then use the gtag form', () => {
    const dataLayer: DataLayer = [];
    const { doc, scripts } = fakeDocument();
    expect(initTagManager('G-ABC123', { dataLayer, document: doc, now: () => 0 })).toBe(true);
    expect(scripts[0]?.src).toBe('https://www.googletagmanager.com/gtag/js?id=G-ABC123');
    track('sign_in', { method: 'password', email: 'ada@Example.com' }, dataLayer);
    const commands = dataLayer.map((entry) => Array.from(entry as unknown as IArguments));
    expect(commands).toEqual([
      ['js', new Date(0)],
      ['config', 'G-ABC123', { send_page_view: false }],
      ['event', 'sign_in', { method: 'password', email_domain: 'example.com' }],
    ]);
    // The Google tag reads only real arguments objects.
    expect(Object.prototype.toString.call(dataLayer[2])).toBe('[object Arguments]');
  });
});

describe('emailDomain', () => {
  it('keeps only the domain, lower-cased', () => {
    expect(emailDomain('Ada.Lovelace@Example.COM')).toBe('example.com');
    expect(emailDomain('a"b@c"@d.org')).toBe('d.org');
  });

  it('is null for anything that is not an address', () => {
    expect(emailDomain(undefined)).toBeNull();
    expect(emailDomain(null)).toBeNull();
    expect(emailDomain('')).toBeNull();
    expect(emailDomain('no-at-sign')).toBeNull();
    expect(emailDomain('@example.com')).toBeNull();
    expect(emailDomain('ada@')).toBeNull();
  });
});

describe('track', () => {
  it('pushes the event with its parameters onto the given data layer', () => {
    const dataLayer: DataLayer = [];
    track('tab_change', { tab: 'security' }, dataLayer);
    track('modal_open', { modal: 'request_help' }, dataLayer);
    track('search', { query_length: 4, results: 2 }, dataLayer);
    expect(dataLayer).toEqual([
      { event: 'tab_change', tab: 'security' },
      { event: 'modal_open', modal: 'request_help' },
      { event: 'search', query_length: 4, results: 2 },
    ]);
  });

  it('never sends an e-mail address: an email parameter becomes email_domain', () => {
    const dataLayer: DataLayer = [];
    track('sign_up', { method: 'password', email: 'Ada@Example.com' }, dataLayer);
    track('session_start', { EMAIL: 'grace@navy.mil' }, dataLayer);
    expect(dataLayer).toEqual([
      { event: 'sign_up', method: 'password', email_domain: 'example.com' },
      { event: 'session_start', email_domain: 'navy.mil' },
    ]);
    expect(JSON.stringify(dataLayer)).not.toMatch(/ada|grace/i);
  });

  it('reduces addresses inside other texts to their domain', () => {
    expect(sanitizeParams({ error_message: 'No user ada@example.com (or bob@x.io)' })).toEqual({
      error_message: 'No user example.com (or x.io)',
    });
  });

  it('drops undefined values and cannot overwrite the event name', () => {
    const dataLayer: DataLayer = [];
    track('button_click', { button: 'help', event: 'other', missing: undefined }, dataLayer);
    expect(dataLayer).toEqual([{ event: 'button_click', button: 'help' }]);
  });

  it('never throws, even when the data layer does', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = {
      push: () => {
        throw new Error('boom');
      },
    } as unknown as DataLayer;
    expect(() => track('search', {}, broken)).not.toThrow();
    expect(consoleError).toHaveBeenCalledOnce();
  });
});

describe('trackPageView and trackError', () => {
  it('sends the path of a page view without its query string or hash', () => {
    const dataLayer: DataLayer = [];
    trackPageView({ pathname: '/projects/42' }, dataLayer, 'https://app.test');
    expect(dataLayer).toEqual([
      {
        event: 'page_view',
        page_path: '/projects/42',
        page_location: 'https://app.test/projects/42',
      },
    ]);
  });

  it('reports an error with its kind and a short message', () => {
    const dataLayer: DataLayer = [];
    trackError('lazy_load', new Error('x'.repeat(500)), dataLayer);
    trackError('other', 'plain text', dataLayer);
    expect(dataLayer[0]).toEqual({
      event: 'error_occurred',
      error_type: 'lazy_load',
      error_message: 'x'.repeat(200),
    });
    expect(dataLayer[1]).toEqual({
      event: 'error_occurred',
      error_type: 'other',
      error_message: 'plain text',
    });
  });
});
