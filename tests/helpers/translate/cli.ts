/**
 * The translation stand-in as its own process, for Playwright's `webServer` (the editor's machine
 * drafts in e2e/translations-editor.spec.ts):
 *
 *   node tests/helpers/translate/cli.ts --port 12112
 *
 * It speaks LibreTranslate's and DeepL's APIs at once (translate-standin.ts); no key is required.
 */
import { parseArgs } from 'node:util';
import { startTranslateStandIn } from './translate-standin.ts';

const { values } = parseArgs({ options: { port: { type: 'string' } } });
const standIn = await startTranslateStandIn({ port: Number(values.port ?? process.env.STANDIN_PORT ?? 12112) });
console.log(`translate stand-in on ${standIn.url}`);

const stop = () => void standIn.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
