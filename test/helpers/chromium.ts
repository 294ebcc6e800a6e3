// How the tests and benchmarks start Debian's Chromium through playwright-core: the binary and the flags that keep a
// headless run quiet and offline (no sandbox as root, no GPU, no background network, updates or sync). Data only.

export const CHROMIUM = '/usr/bin/chromium';

export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
