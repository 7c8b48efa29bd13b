/**
 * The model stand-in as its own process (docs/running-locally.md, "Ask the guidebook with a model";
 * the bench): an OpenAI-compatible Chat Completions server that answers at once.
 *
 *   node tests/helpers/assistant-standin-cli.ts --port 4705 [--behaviour answer]
 *
 * Then ASSISTANT_URL=http://127.0.0.1:4705/v1 ASSISTANT_API_KEY=sk-standin-key-0451 ASSISTANT_MODEL=standin.
 */
import { parseArgs } from 'node:util';
import { startAssistantStandIn, type Behaviour } from './assistant-standin.ts';

const { values } = parseArgs({ options: { port: { type: 'string' }, behaviour: { type: 'string' } } });
const standIn = await startAssistantStandIn({ port: Number(values.port ?? process.env.STANDIN_PORT ?? 12113), record: false });
standIn.behaviour = (values.behaviour ?? 'answer') as Behaviour;
console.log(`assistant stand-in on ${standIn.url} (key ${standIn.apiKey}, behaviour ${standIn.behaviour})`);

const stop = () => void standIn.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
