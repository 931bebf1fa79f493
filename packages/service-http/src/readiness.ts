/**
 * Whether a process should be sent work: `ready` false with the reasons (each a sentence an
 * operator can act on), and whatever facts explain it. Liveness is separate: a process that
 * answers at all is alive, however unready.
 */
export interface Readiness {
  ready: boolean;
  /** Why it is not ready; empty when it is. */
  reasons: string[];
  /** What is amiss without keeping it from serving (parked events, a failing effect). */
  warnings?: string[];
  [fact: string]: unknown;
}

/** The answer of `GET /health/ready`: 200 when ready, 503 with the reasons when not. */
export const readinessAnswer = async (
  service: string,
  check: (() => Promise<Readiness> | Readiness) | undefined,
): Promise<{ statusCode: number; body: Record<string, unknown> }> => {
  let readiness: Readiness;
  try {
    readiness = (await check?.()) ?? { ready: true, reasons: [] };
  } catch (error) {
    readiness = { ready: false, reasons: [`the check failed: ${(error as Error).message}`] };
  }
  const { ready, ...facts } = readiness;
  return {
    statusCode: ready ? 200 : 503,
    body: { status: ready ? 'ready' : 'not-ready', service, ...facts },
  };
};

/** Runs a check that a database or store answers, naming it in the reason when it does not. */
export const answers = async (what: string, probe: () => Promise<unknown>): Promise<string[]> => {
  try {
    await probe();
    return [];
  } catch (error) {
    return [`${what} does not answer: ${(error as Error).message}`];
  }
};
