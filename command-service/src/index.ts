export { CommandHandler } from '@second-gear/features/platform/commands/command-handler.ts';
export {
  buildCommandService,
  type CommandServiceOptions,
  OPENAPI_PATH,
  type RateLimitOptions,
} from './app.ts';
export * from './images/index.ts';
export * from './system-commands.ts';
