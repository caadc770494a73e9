// Starts a TypeScript fuzz worker in a child process (a GPU target's): registers tsx's loader, then
// imports the entry named by the job in argv[2].
import { register } from 'tsx/esm/api';

register();
await import(JSON.parse(process.argv[2]).entry);
