import type { Decider } from '../platform/commands/decider.ts';
import { loadAndDecide } from './decide.ts';
import { parseDomainEvent } from './events.ts';
import { withMetadata } from './metadata.ts';

/** The features' decisions, event parsing and metadata, for the command handler. */
export const commandDecider: Decider = {
  decide: loadAndDecide,
  parse: parseDomainEvent,
  stamp: withMetadata,
};
