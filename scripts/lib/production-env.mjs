// @ts-check
// Imported by the server's entry before anything that reads NODE_ENV. The configuration takes an
// unset NODE_ENV as production (src/lib/server/config.ts); the libraries that pick a build by it
// are told the same here. Unset, React's server renderer loaded its development build, which
// renders every guest page several times slower (docs/performance.md).
process.env.NODE_ENV ??= 'production';
