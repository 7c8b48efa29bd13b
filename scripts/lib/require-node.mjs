// @ts-check
// Imported first by every entry that loads the native SQLite module (better-sqlite3 13 needs
// Node 22.12 or later): an older Node would end in a segmentation fault inside it, not in a
// message. `npm install` refuses such a Node already (.npmrc engine-strict); this is the same
// check for a start with another Node on the PATH.
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(
    `porchlight: Node.js ${process.versions.node} is too old; Node 22.12 or later is needed (24 is what .nvmrc names). ` +
      'Install it (https://nodejs.org, or `nvm install` in this folder), then `npm install` again.',
  );
  process.exit(1);
}
