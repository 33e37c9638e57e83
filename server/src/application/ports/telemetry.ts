/**
 * What one command came to, as the command path tells it (for metrics): its type (the domain command's `type`),
 * its outcome, the refusal's code, the types of the events it appended and how long the append took.
 * Every label is bounded: command and event types and error codes are finite sets, never ids.
 */
export interface CommandObservation {
  command: string;
  /** `appended`: events written; `unchanged`: decided nothing new; `refused`: a domain rule said no; `conflict`: retries ran out; `failed`: anything else. */
  outcome: 'appended' | 'unchanged' | 'refused' | 'conflict' | 'failed';
  code?: string;
  events: readonly string[];
  /** Seconds the successful append took (absent when nothing was appended). */
  appendSeconds?: number;
}

/** Where the application reports what it does, for metrics; the default reports nowhere. */
export abstract class Telemetry {
  abstract command(observation: CommandObservation): void;
}

export class NoTelemetry extends Telemetry {
  command(): void {}
}
