// Loaded into the Auth Emulator's process before firebase-tools (`node --import`). The emulator
// serves its API through exegesis, which by default compiles a JSON Schema validator for every
// parameter and body of the API as it starts, each with an Ajv of its own that compiles the
// meta-schema again: about 9 s of CPU before the emulator answers, on every start. Asked to
// compile a validator when it is first used (exegesis's `lazyCompileValidationSchemas`), the
// emulator is ready in a fraction of that and validates every request exactly as before.
import { createRequire } from 'node:module';

// The copy of exegesis-express the firebase CLI being run (this process's script) requires.
const script = process.argv[1];
if (script) {
  const exegesisExpress = createRequire(script)('exegesis-express') as {
    middleware: (api: unknown, options?: Record<string, unknown>) => Promise<unknown>;
  };
  const middleware = exegesisExpress.middleware;
  exegesisExpress.middleware = (api, options) =>
    middleware(api, { ...options, lazyCompileValidationSchemas: true });
}
