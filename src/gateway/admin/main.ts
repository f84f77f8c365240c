import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { createServices } from '../services';
import { AdminError } from './command';
import { adminCommands } from './commands/index';

/*
 * The admin command line. stdout carries exactly one JSON object per command (scripts parse it);
 * logs, warnings and usage go to stderr.
 */

const log = (line: string) => process.stderr.write(`${line}\n`);
const out = (obj: unknown) => process.stdout.write(`${JSON.stringify(obj)}\n`);

function usage(): string {
  return ['usage: npm run --silent admin -- <command>', ...Object.values(adminCommands).map((c) => `  ${c.usage}`)].join('\n');
}

async function run(argv: string[]): Promise<number> {
  const name = argv.slice(0, 2).join(' ');
  const command = adminCommands[name];
  if (!command) {
    log(usage());
    out({ error: argv.length ? `unknown command: ${name}` : 'no command given' });
    return 2;
  }
  let args;
  try {
    args = parseArgs({ args: argv.slice(2), options: command.options, strict: true, allowPositionals: true });
  } catch (e) {
    log(`usage: ${command.usage}`);
    out({ error: (e as Error).message });
    return 2;
  }
  const logger = { warn: (_o: unknown, msg?: string) => log(msg ?? 'warning') };
  const services = await createServices(loadConfig(), logger);
  try {
    out(await command.run(services, { ...args.values, _: args.positionals.join(' ') }, log));
    return 0;
  } catch (e) {
    if (!(e instanceof AdminError)) throw e;
    log(`usage: ${command.usage}`);
    out({ error: e.message });
    return 1;
  } finally {
    await services.close();
  }
}

run(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e) => {
    log(`admin failed: ${e instanceof Error ? e.message : String(e)}`);
    out({ error: e instanceof Error ? e.message : String(e) });
    process.exitCode = 1;
  },
);
