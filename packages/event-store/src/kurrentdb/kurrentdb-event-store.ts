import type { EventStore } from '../event-store.ts';

export async function createKurrentDbEventStore(_options: {
  connectionString: string;
}): Promise<EventStore> {
  throw new Error('The KurrentDB adapter is not written yet');
}
