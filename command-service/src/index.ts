export {
  buildCommandService,
  type CommandServiceOptions,
  OPENAPI_PATH,
  type RateLimitOptions,
} from './app.ts';
export { CommandHandler } from './command-handler.ts';
export * from './images/index.ts';
export * from './system-commands.ts';
