/** What the programs of this directory read from their environment. */
import { basename } from 'node:path';

/** The value of an environment variable the program cannot run without; exit status 2 when it is not set. */
export function required(name: string): string {
    const value = process.env[name];
    if (value === undefined || value === '') {
        process.stderr.write(`${basename(process.argv[1] ?? 'program', '.js')}: environment variable ${name} is not set\n`);
        process.exit(2);
    }
    return value;
}
