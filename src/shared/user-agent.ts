const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrom(e|ium)\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** The browser and operating system named by a User-Agent; good enough to recognise one's devices. */
export function detectDevice(userAgent: string | null | undefined): {
  browser: string | null;
  system: string | null;
} {
  const find = (table: [RegExp, string][]) =>
    (userAgent && table.find(([pattern]) => pattern.test(userAgent))?.[1]) || null;
  return { browser: find(BROWSERS), system: find(SYSTEMS) };
}
