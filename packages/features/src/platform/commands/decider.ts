import type { Command } from '../../registry/commands.ts';
import type { LoadedDecision, ReadStream } from '../../registry/decide.ts';
import type { DomainEvent } from '../../registry/events.ts';
import type { EventWithMetadata, MetadataContext } from '../../registry/metadata.ts';

/**
 * What command handling needs of the features: the registry hands it in (`commandDecider`), so
 * this code runs no feature's code of its own accord and names the features' types only.
 */
export interface Decider {
  /** Loads the streams a command's decision reads, through `readStream`, and decides. */
  decide(command: Command, readStream: ReadStream): Promise<LoadedDecision>;
  /** A stored event as its feature declares it now (older versions upcast). */
  parse(stored: { type: string; data: unknown; metadata?: unknown }): DomainEvent;
  /** The events with the metadata every stored event carries. */
  stamp(events: readonly DomainEvent[], context: MetadataContext): EventWithMetadata[];
}
