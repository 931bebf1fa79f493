import { randomUUID } from 'node:crypto';
import {
  type AppendRequest,
  type EventData,
  type EventStore,
  WrongExpectedVersionError,
} from '@second-gear/event-store';
import { HttpProblem } from '@second-gear/service-http';
import { currentTraceContext, inSpan } from '@second-gear/telemetry';
import type { Command } from '../../registry/commands.ts';
import type { LoadedDecision } from '../../registry/decide.ts';
import type { EventWithMetadata } from '../../registry/metadata.ts';
import type { Decision } from '../decision.ts';
import { DomainError } from '../domain-error.ts';
import type { Decider } from './decider.ts';
import {
  ANSWER_EVENT_TYPE,
  type IdempotencyKey,
  keyState,
  type StoredAnswer,
} from './idempotency.ts';
import type { AppendMetrics } from './metrics.ts';
import { StreamReader } from './stream-reader.ts';

/** The ids that tie the resulting events to the request. */
export type CommandContext = {
  /** `X-Correlation-Id` of the request, or a new uuid. */
  correlationId: string;
  /** The id of this command; every event it appends has it as causation id. */
  commandId: string;
  idempotency?: IdempotencyKey | undefined;
};

export type CommandSpec<Body extends Record<string, unknown>> = {
  /** The command, with every id it needs already generated (a retry keeps them). */
  command: Command;
  /** The answer of an accepted command, without its position. */
  answer: (decision: Decision) => { status: number; body: Body };
  /**
   * A check of the input that needs I/O (a webhook URL's host resolved), made once the decision
   * has accepted the command and before anything is appended, so that who may act is still
   * decided first. It is given the decision, and throws to refuse.
   */
  check?: (decision: Decision) => Promise<void>;
};

export type CommandAnswer<Body> = {
  status: number;
  body: Body & { position: string };
  position: bigint;
  /** True when the answer was stored by an earlier request with the same Idempotency-Key. */
  replayed: boolean;
};

export type CommandHandlerOptions = {
  store: EventStore;
  /** The features' decisions, event parsing and metadata (the registry's `commandDecider`). */
  decider: Decider;
  /** The clock that stamps `occurredAt`. */
  now?: () => Date;
  /** How often load-decide-append is tried when another writer got there first. */
  maxAttempts?: number;
  /** How long an Idempotency-Key's answer is replayed (default 24 hours). */
  idempotencyRetentionMs?: number;
  /** Counts the appends and their outcomes (the service's `/metrics`). */
  metrics?: AppendMetrics;
};

export const DEFAULT_IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * Runs a command: load the streams its decision needs and decide, with the domain's
 * `loadAndDecide` reading from the store, then append every resulting event with `appendMany`,
 * each stream expecting the version it was loaded at. When another writer changed one of those
 * streams in between, the whole load-decide-append runs again on the new state, so a genuine
 * conflict (a second booking of one car) comes out of the decision itself as a DomainError.
 */
export class CommandHandler {
  readonly #store: EventStore;
  readonly #decider: Decider;
  readonly #now: () => Date;
  readonly #maxAttempts: number;
  readonly #retentionMs: number;
  readonly #metrics: AppendMetrics | undefined;

  constructor(options: CommandHandlerOptions) {
    this.#store = options.store;
    this.#decider = options.decider;
    this.#now = options.now ?? (() => new Date());
    this.#maxAttempts = options.maxAttempts ?? 8;
    this.#retentionMs = options.idempotencyRetentionMs ?? DEFAULT_IDEMPOTENCY_RETENTION_MS;
    this.#metrics = options.metrics;
  }

  /** The answer an earlier request with this key stored, while it is kept. */
  async #earlier(idempotency: IdempotencyKey | undefined) {
    if (!idempotency) return { answer: undefined, expected: 'no_stream' as const };
    return keyState(this.#store, idempotency, { retentionMs: this.#retentionMs, now: this.#now() });
  }

  /** Runs the command in a span of its own, which the events it appends carry on. */
  execute<Body extends Record<string, unknown>>(
    context: CommandContext,
    spec: CommandSpec<Body>,
  ): Promise<CommandAnswer<Body>> {
    return inSpan(
      `command ${spec.command.type}`,
      { attributes: { 'second_gear.command': spec.command.type } },
      () => this.#execute(context, spec),
    );
  }

  async #execute<Body extends Record<string, unknown>>(
    context: CommandContext,
    spec: CommandSpec<Body>,
  ): Promise<CommandAnswer<Body>> {
    const { idempotency } = context;
    let key = await this.#earlier(idempotency);
    if (key.answer) return replay<Body>(key.answer);
    for (let attempt = 1; ; attempt++) {
      const reader = new StreamReader(this.#store, this.#decider.parse);
      let decided: LoadedDecision;
      try {
        decided = await this.#decider.decide(spec.command, reader.readStream);
      } catch (error) {
        // A twin request with the same key may have just succeeded, and its events be what
        // this decision now refuses (the car it booked is booked). Its answer is ours.
        if (error instanceof DomainError && idempotency) {
          const twin = await this.#earlier(idempotency);
          if (twin.answer) return replay<Body>(twin.answer);
        }
        throw error;
      }
      const { decision } = decided;
      if (spec.check && decision.appends.length > 0) await spec.check(decision);
      const answer = spec.answer(decision);
      const requests = this.#appendRequests(context, decided, answer, key.expected);
      let position: bigint;
      try {
        position = await this.#append(requests, reader);
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError)) throw error;
        if (idempotency) {
          // The same key may have won the race; then its answer is ours.
          key = await this.#earlier(idempotency);
          if (key.answer) return replay<Body>(key.answer);
        }
        if (attempt >= this.#maxAttempts) {
          throw HttpProblem.conflict('Others changed the same data at the same time. Try again.');
        }
        await pause(attempt);
        continue;
      }
      return {
        status: answer.status,
        body: { ...answer.body, position: position.toString(10) },
        position,
        replayed: false,
      };
    }
  }

  async #append(requests: AppendRequest[], reader: StreamReader): Promise<bigint> {
    if (requests.length > 0) {
      const events = requests.reduce((sum, r) => sum + r.events.length, 0);
      try {
        const { position } = await inSpan(
          'append',
          { attributes: { 'second_gear.streams': requests.length, 'second_gear.events': events } },
          () => this.#store.appendMany(requests),
        );
        this.#metrics?.call('ok');
        this.#metrics?.appended(events);
        return position;
      } catch (error) {
        this.#metrics?.call(error instanceof WrongExpectedVersionError ? 'conflict' : 'error');
        throw error;
      }
    }
    // Nothing changed (registering twice): the answer points at what the reader saw, so a read
    // that waits for it sees the state the answer describes.
    return reader.lastPosition ?? (await this.#store.headPosition()) ?? 0n;
  }

  #appendRequests(
    context: CommandContext,
    { appends, checks, actor }: LoadedDecision,
    answer: { status: number; body: Record<string, unknown> },
    keyExpected: number | 'no_stream',
  ): AppendRequest[] {
    const metadataContext = {
      // The role the actor's own user stream holds now, not the one their token claims.
      actor,
      now: this.#now(),
      correlationId: context.correlationId,
      causationId: context.commandId,
      trace: currentTraceContext(),
    };
    const requests: AppendRequest[] = appends.map((append) => ({
      stream: append.stream,
      expected: append.expected,
      events: this.#decider.stamp(append.events, metadataContext).map(toEventData),
    }));
    // What the decision only read is checked, not written: its events stand only if those
    // streams are still as they were read. A decision that changes nothing needs no check.
    if (requests.length > 0) {
      for (const check of checks) requests.push({ ...check, events: [] });
    }
    if (context.idempotency) {
      // Last in the append, so its position is the position of the command's last event.
      const stored: StoredAnswer = {
        fingerprint: context.idempotency.fingerprint,
        status: answer.status,
        body: answer.body,
      };
      requests.push({
        stream: context.idempotency.stream,
        // Empty, or holding only answers past their retention.
        expected: keyExpected,
        events: [
          {
            id: randomUUID(),
            type: ANSWER_EVENT_TYPE,
            data: stored,
            metadata: {
              actor: metadataContext.actor,
              occurredAt: metadataContext.now.toISOString(),
              correlationId: context.correlationId,
              causationId: context.commandId,
              schemaVersion: 1,
            },
          },
        ],
      });
    }
    return requests;
  }
}

function toEventData(event: EventWithMetadata): EventData {
  return { id: randomUUID(), type: event.type, data: event.data, metadata: event.metadata };
}

function replay<Body>(earlier: {
  status: number;
  body: Record<string, unknown>;
  position: bigint;
}): CommandAnswer<Body> {
  return {
    status: earlier.status,
    body: { ...(earlier.body as Body), position: earlier.position.toString(10) },
    position: earlier.position,
    replayed: true,
  };
}

/** A short, growing, jittered pause, so that racing writers spread out. */
function pause(attempt: number): Promise<void> {
  const ms = Math.min(100, 2 ** attempt) * (0.5 + Math.random());
  return new Promise((resolve) => setTimeout(resolve, ms));
}
